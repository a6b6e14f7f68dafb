// GFX940's fp8/bf8 conversions (the formats: domain/fp8.h). Decoding is
// exact. Encoding (errata SEM_FP8_ENCODE) rounds to
// nearest even, or for the _sr forms stochastically with S1 as the random
// bits; a NaN, an infinity or a magnitude beyond the largest finite value
// gives 0x80, and -0 gives 0.
#include <cmath>
#include <cstring>

#include "semantics/defs/vector_ctx.h"
#include "semantics/domain/fp8.h"
#include "semantics/emulator/sem_status.h"

namespace gcn::sem {
namespace {

uint32_t f8ToF32Bits(uint32_t x, const Fp8Format& t) {
  const float f = fp8Decode(x, t);
  uint32_t r;
  std::memcpy(&r, &f, 4);
  return f != f ? 0x7fc00000u : r;
}

// f32 bits to a byte; `sr`: round up when the dropped fraction plus
// rnd / 2^32 reaches one unit, else to nearest even.
uint32_t f32ToF8(uint32_t bits, uint32_t rnd, bool sr, const Fp8Format& t) {
  float f;
  std::memcpy(&f, &bits, 4);
  if (f != f || std::isinf(f)) return 0x80;
  const uint32_t sign = bits >> 31;
  const double a = std::fabs(double(f));
  if (a == 0) return 0;
  int ex;
  std::frexp(a, &ex);
  const int e = std::max(ex - 1, 1 - t.bias);       // the binade, subnormals in the lowest
  const double step = std::ldexp(1.0, e - t.mant);  // one unit in the last place there
  const double q = a / step;                        // exact: a power-of-two scaling
  double n = std::floor(q);
  const double frac = q - n;
  if (sr) {
    if (frac + std::ldexp(double(rnd), -32) >= 1.0) n += 1;
  } else if (frac > 0.5 || (frac == 0.5 && std::fmod(n, 2.0) != 0)) {
    n += 1;
  }
  const double v = n * step;
  const double maxv = std::ldexp(double((2 << t.mant) - 1), t.emax - t.bias - t.mant);
  if (v > maxv) return 0x80;
  if (v == 0) return 0;
  int vex;
  std::frexp(v, &vex);
  uint32_t exp_field, mant;
  if (vex - 1 >= 1 - t.bias) {
    exp_field = uint32_t(vex - 1 + t.bias);
    mant = uint32_t(std::ldexp(v, -(vex - 1) + t.mant)) - (1u << t.mant);
  } else {
    exp_field = 0;
    mant = uint32_t(std::ldexp(v, -(1 - t.bias - t.mant)));
  }
  return sign << 7 | exp_field << t.mant | mant;
}

inline uint32_t fp8ToF32(uint32_t x) { return f8ToF32Bits(x, kFp8); }
inline uint32_t bf8ToF32(uint32_t x) { return f8ToF32Bits(x, kBf8); }
inline uint32_t f32ToFp8(uint32_t x) { return f32ToF8(x, 0, false, kFp8); }
inline uint32_t f32ToBf8(uint32_t x) { return f32ToF8(x, 0, false, kBf8); }
inline uint32_t f32ToFp8Sr(uint32_t x, uint32_t r) { return f32ToF8(x, r, true, kFp8); }
inline uint32_t f32ToBf8Sr(uint32_t x, uint32_t r) { return f32ToF8(x, r, true, kBf8); }
GCN_LIFT1(fp8ToF32) GCN_LIFT1(bf8ToF32) GCN_LIFT1(f32ToFp8) GCN_LIFT1(f32ToBf8)
GCN_LIFT2(f32ToFp8Sr) GCN_LIFT2(f32ToBf8Sr)

// The byte op_sel picks in VDST: [3] for the word of the pk forms, [3:2]
// for the byte of the _sr forms.
template <class D> int opSelField(D& d) { return d.pinst().inst[Fld::OP_SEL]; }

}  // namespace

// V_CVT_F32_FP8 / _BF8: D.f32 = the byte SDWA's src0_sel picks (byte 0
// without SDWA), converted.
GCN_VALU(v_cvt_f32_fp8) { d.setF32(asF32(fp8ToF32(d.u32(0) & 0xffu))); }
GCN_VALU(v_cvt_f32_bf8) { d.setF32(asF32(bf8ToF32(d.u32(0) & 0xffu))); }
// V_CVT_PK_F32_FP8 / _BF8: the two bytes of the word src0_sel picks (word
// 0 without SDWA) to D[31:0] and D[63:32].
GCN_VALU(v_cvt_pk_f32_fp8) {
  auto x = d.u32(0);
  d.setU64(zext64(fp8ToF32(x & 0xffu)) | (zext64(fp8ToF32((x >> 8u) & 0xffu)) << 32u));
}
GCN_VALU(v_cvt_pk_f32_bf8) {
  auto x = d.u32(0);
  d.setU64(zext64(bf8ToF32(x & 0xffu)) | (zext64(bf8ToF32((x >> 8u) & 0xffu)) << 32u));
}
// V_CVT_PK_FP8_F32 / _BF8: S0 and S1 to the two bytes of the VDST word
// op_sel[3] picks; the other word kept.
GCN_VALU(v_cvt_pk_fp8_f32) {
  auto pair = f32ToFp8(asU32(d.f32(0))) | (f32ToFp8(asU32(d.f32(1))) << 8u);
  auto old = d.dstOld32();
  d.setU32((opSelField(d) & 8) ? (old & 0xffffu) | (pair << 16u) : (old & 0xffff0000u) | pair);
}
GCN_VALU(v_cvt_pk_bf8_f32) {
  auto pair = f32ToBf8(asU32(d.f32(0))) | (f32ToBf8(asU32(d.f32(1))) << 8u);
  auto old = d.dstOld32();
  d.setU32((opSelField(d) & 8) ? (old & 0xffffu) | (pair << 16u) : (old & 0xffff0000u) | pair);
}
// V_CVT_SR_FP8_F32 / _BF8: S0 rounded stochastically with S1's bits into
// the VDST byte op_sel[3:2] picks; the other bytes kept.
GCN_VALU(v_cvt_sr_fp8_f32) {
  const uint32_t sh = uint32_t((opSelField(d) >> 2) & 3) * 8u;
  auto b = f32ToFp8Sr(asU32(d.f32(0)), d.u32(1));
  d.setU32((d.dstOld32() & ~(0xffu << sh)) | (b << sh));
}
GCN_VALU(v_cvt_sr_bf8_f32) {
  const uint32_t sh = uint32_t((opSelField(d) >> 2) & 3) * 8u;
  auto b = f32ToBf8Sr(asU32(d.f32(0)), d.u32(1));
  d.setU32((d.dstOld32() & ~(0xffu << sh)) | (b << sh));
}

// The encoding's out-of-range rule is the model's (SEM_FP8_ENCODE).
const char kEncodeNote[] =
    "fp8/bf8 encoding model (errata SEM_FP8_ENCODE): round to nearest even (the _sr forms: up "
    "when the dropped fraction plus S1/2^32 reaches a unit); NaN, infinity and magnitudes past "
    "the largest finite value give 0x80";
const ModelNote kNotes[] = {{"v_cvt_pk_fp8_f32", kEncodeNote}, {"v_cvt_pk_bf8_f32", kEncodeNote},
                            {"v_cvt_sr_fp8_f32", kEncodeNote}, {"v_cvt_sr_bf8_f32", kEncodeNote}};

}  // namespace gcn::sem
