// VALU division helpers (div_scale, div_fmas, div_fixup) and trig_preop.
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

// DIV_SCALE (VOP3B): VDST = scaled SRC0, SDST[lane] = scale flag
GCN_VALU(v_div_scale_f32) {
  const auto& m = d.mode();
  auto a = d.f32(0), b = d.f32(1), c = d.f32(2);
  d.setSdst(divScaleFlag(m, a, b, c));
  d.setF32(divScaleVal(m, a, b, c));
}
GCN_VALU(v_div_scale_f64) {
  const auto& m = d.mode();
  auto a = d.f64(0), b = d.f64(1), c = d.f64(2);
  d.setSdst(divScaleFlag(m, a, b, c));
  d.setF64(divScaleVal(m, a, b, c));
}
// DIV_FMAS: VDST = FMA(SRC0, SRC1, SRC2), scaled by 2^+-64 (f64: 2^+-128)
// when VCC[lane] is set
GCN_VALU(v_div_fmas_f32) { d.setF32(divFmas(d.mode(), d.f32(0), d.f32(1), d.f32(2), d.vccIn())); }
GCN_VALU(v_div_fmas_f64) { d.setF64(divFmas(d.mode(), d.f64(0), d.f64(1), d.f64(2), d.vccIn())); }
// DIV_FIXUP: special cases of SRC2 / SRC1, else the quotient SRC0
GCN_VALU(v_div_fixup_f32) { d.setF32(divFixup(d.mode(), d.f32(0), d.f32(1), d.f32(2))); }
GCN_VALU(v_div_fixup_f64) { d.setF64(divFixup(d.mode(), d.f64(0), d.f64(1), d.f64(2))); }
GCN_VALU(v_div_fixup_f16) { d.setF16(hdivFixup(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }
GCN_VALU(v_div_fixup_legacy_f16) { d.setF16(hdivFixup(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }

// VDST = 53 bits of 2/PI selected by SRC1 (segment) and SRC0's exponent
GCN_VALU(v_trig_preop_f64) { d.setF64(trigPreop(d.mode(), d.f64(0), d.u32(1))); }

#ifndef GCN_Z3_DEFS  // the table and trigPreop: emulator only (z3_defs.cc)
// 2/PI, 1280 fraction bits, most significant first.
static const uint64_t kTwoOverPi[20] = {
    0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull, 0xfe5163abdebbc561ull,
    0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull, 0xfe1deb1cb129a73eull, 0xe88235f52ebb4484ull,
    0xe99c7026b45f7e41ull, 0x3991d639835339f4ull, 0x9c845f8bbdf9283bull, 0x1ff897ffde05980full,
    0xef2f118b5a0a6d1full, 0x6d367ecf27cb09b7ull, 0x4f463f669e5fea2dull, 0x7527bac7ebe5f17bull,
    0x3d0739f78a5292eaull, 0x6bfb5fb11f8d5d08ull, 0x56033046fc7b6babull, 0xf0cfbc209af4361dull};

// Fraction bits [pos, pos + 53) of 2/PI (bit 0 = the 2^-1 digit) as an integer.
static uint64_t twoOverPiBits(int pos) {
  uint64_t r = 0;
  for (int i = 0; i < 53; ++i) {
    const int b = pos + i;
    const uint64_t bit = b < 1280 ? (kTwoOverPi[b >> 6] >> (63 - (b & 63))) & 1 : 0;
    r = r << 1 | bit;
  }
  return r;
}

double trigPreop(const FpMode& m, double x, uint32_t seg) {
  x = detail::in(m, x);
  const int e = int((asU64(x) >> 52) & 0x7ff);
  int shift = int(seg & 31) * 53;
  if (e > 1077) shift += e - 1077;
  int scale = -53 - shift;
  if (e >= 1968) scale += 128;
  // Fraction bits [shift, shift + 53) of 2/PI as a 53-bit integer, placed
  // at 2^(-53 - shift); exact unless it falls in the denormal range, where
  // the hardware truncates (round toward zero).
  const double r = detail::underRound<double>(
      Round::TO_ZERO, [](double f, int s) { return std::ldexp(f, s); },
      double(twoOverPiBits(shift)), scale);
  return detail::out(m, r);
}
#endif  // GCN_Z3_DEFS

}  // namespace gcn::sem
