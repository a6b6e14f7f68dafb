// VALU transcendental approximations (rcp, rsq, sqrt, exp, log, sin, cos and
// their legacy/clamp/iflag forms), the division helpers (div_scale,
// div_fmas, div_fixup) and trig_preop. Accuracy bounds are stated on the
// domain functions in valu_fp.h and checked in valu_fp_test.cc.
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

// VDST = APPROX_RCP(SRC0)            bound 0.5 ULP (f32, f64), 1 ULP (f16)
GCN_VALU(v_rcp_f32) { d.setF32(frcp(d.mode(), d.f32(0))); }
GCN_VALU(v_rcp_f64) { d.setF64(frcp(d.mode(), d.f64(0))); }
GCN_VALU(v_rcp_f16) { d.setF16(hrcp(d.mode(), d.f16(0))); }
// APPROX_RCP_IFLAG: the same value; only the exception it signals differs.
GCN_VALU(v_rcp_iflag_f32) { d.setF32(frcp(d.mode(), d.f32(0))); }
// RCP_CLAMP: an infinite result becomes SIGN * MAX_FLOAT
GCN_VALU(v_rcp_clamp_f32) { d.setF32(frcpClamp(d.mode(), d.f32(0))); }
GCN_VALU(v_rcp_clamp_f64) { d.setF64(frcpClamp(d.mode(), d.f64(0))); }
// RCP_LEGACY: +-0 -> +-0; an infinite result -> SIGN(SF) * 0
GCN_VALU(v_rcp_legacy_f32) { d.setF32(frcpLegacy(d.mode(), d.f32(0))); }
// VDST = APPROX_RSQRT(SRC0)          bound 1 ULP
GCN_VALU(v_rsq_f32) { d.setF32(frsq(d.mode(), d.f32(0))); }
GCN_VALU(v_rsq_f64) { d.setF64(frsq(d.mode(), d.f64(0))); }
GCN_VALU(v_rsq_f16) { d.setF16(hrsq(d.mode(), d.f16(0))); }
// RSQ_CLAMP: +inf -> MAX_FLOAT ; RSQ_LEGACY: +inf -> 0
GCN_VALU(v_rsq_clamp_f32) { d.setF32(frsqClamp(d.mode(), d.f32(0))); }
GCN_VALU(v_rsq_clamp_f64) { d.setF64(frsqClamp(d.mode(), d.f64(0))); }
GCN_VALU(v_rsq_legacy_f32) { d.setF32(frsqLegacy(d.mode(), d.f32(0))); }
// VDST = SRC0 >= 0 ? APPROX_SQRT(SRC0) : -NAN      bound 0.5 ULP (f32, f64), 1 ULP (f16)
GCN_VALU(v_sqrt_f32) { d.setF32(fsqrt(d.mode(), d.f32(0))); }
GCN_VALU(v_sqrt_f64) { d.setF64(fsqrt(d.mode(), d.f64(0))); }
GCN_VALU(v_sqrt_f16) { d.setF16(hsqrt(d.mode(), d.f16(0))); }
// VDST = SRC0 >= -126 ? APPROX_POW2(SRC0) : 0      bound 1 ULP
GCN_VALU(v_exp_f32) { d.setF32(fexp2(d.mode(), d.f32(0))); }
GCN_VALU(v_exp_legacy_f32) { d.setF32(fexp2(d.mode(), d.f32(0))); }
GCN_VALU(v_exp_f16) { d.setF16(hexp2(d.mode(), d.f16(0))); }
// VDST = F < 0 ? -NAN : APPROX_LOG2(F)              bound 1 ULP
GCN_VALU(v_log_f32) { d.setF32(flog2(d.mode(), d.f32(0))); }
GCN_VALU(v_log_legacy_f32) { d.setF32(flog2(d.mode(), d.f32(0))); }
GCN_VALU(v_log_f16) { d.setF16(hlog2(d.mode(), d.f16(0))); }
// LOG_CLAMP: -inf -> -MAX_FLOAT
GCN_VALU(v_log_clamp_f32) { d.setF32(flog2Clamp(d.mode(), d.f32(0))); }
// VDST = APPROX_SIN(SF) = sin(2*PI*SF) in range, out of range 0 (cos: 1),
// +-inf -> -NAN, NaN -> SRC0               bound 1 ULP + 2^-60 absolute
GCN_VALU(v_sin_f32) { d.setF32(fsin(d.mode(), d.f32(0))); }
GCN_VALU(v_cos_f32) { d.setF32(fcos(d.mode(), d.f32(0))); }
GCN_VALU(v_sin_f16) { d.setF16(hsin(d.mode(), d.f16(0))); }
GCN_VALU(v_cos_f16) { d.setF16(hcos(d.mode(), d.f16(0))); }

// ---- division ----------------------------------------------------------
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
