// VALU floating-point arithmetic: add/sub/mul/mad/fma (and the *mk/*ak,
// mac and legacy forms), min/max/min3/max3/med3; f16, f32, f64. ldexp,
// frexp, fract, integral rounding and the cube map helpers are in
// valu_fp_round.cc, v_add_f32 in vector_basic.cc. Operation text from
// GcnInstrsVop1/2/3.md; the NaN, denormal and rounding rules live in fp.h /
// valu_fp.h.
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

// ---- add / sub / mul ---------------------------------------------------
// VDST = SRC0 - SRC1 ; VDST = SRC1 - SRC0 ; VDST = SRC0 * SRC1
GCN_VALU(v_sub_f32) { d.setF32(fsub(d.mode(), d.f32(0), d.f32(1))); }
GCN_VALU(v_subrev_f32) { d.setF32(fsub(d.mode(), d.f32(1), d.f32(0))); }
GCN_VALU(v_mul_f32) { d.setF32(fmul(d.mode(), d.f32(0), d.f32(1))); }
GCN_VALU(v_add_f64) { d.setF64(fadd(d.mode(), d.f64(0), d.f64(1))); }
GCN_VALU(v_mul_f64) { d.setF64(fmul(d.mode(), d.f64(0), d.f64(1))); }
GCN_VALU(v_add_f16) { d.setF16(hadd(d.mode(), d.f16(0), d.f16(1))); }
GCN_VALU(v_sub_f16) { d.setF16(hsub(d.mode(), d.f16(0), d.f16(1))); }
GCN_VALU(v_subrev_f16) { d.setF16(hsub(d.mode(), d.f16(1), d.f16(0))); }
GCN_VALU(v_mul_f16) { d.setF16(hmul(d.mode(), d.f16(0), d.f16(1))); }

// if (SRC0 != 0.0 && SRC1 != 0.0) VDST = SRC0 * SRC1 else VDST = 0.0
GCN_VALU(v_mul_legacy_f32) { d.setF32(fmulLegacy(d.mode(), d.f32(0), d.f32(1))); }

// ---- multiply-add --------------------------------------------------------
// MAD rounds the product (not fused); FMA rounds once.
// VDST = SRC0 * SRC1 + SRC2
GCN_VALU(v_mad_f32) { d.setF32(fmad(d.mode(), d.f32(0), d.f32(1), d.f32(2))); }
GCN_VALU(v_fma_f32) { d.setF32(ffma(d.mode(), d.f32(0), d.f32(1), d.f32(2))); }
GCN_VALU(v_fma_f64) { d.setF64(ffma(d.mode(), d.f64(0), d.f64(1), d.f64(2))); }
GCN_VALU(v_mad_f16) { d.setF16(hmad(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }
GCN_VALU(v_fma_f16) { d.setF16(hfma(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }
// GFX9 copies of the GFX8 opcodes (no op_sel: the result zero-extends).
GCN_VALU(v_mad_legacy_f16) { d.setF16(hmad(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }
GCN_VALU(v_fma_legacy_f16) { d.setF16(hfma(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }
// VDST = SRC0 * SRC1 + VDST
GCN_VALU(v_mac_f32) { d.setF32(fmad(d.mode(), d.f32(0), d.f32(1), asF32(d.dstOld32()))); }
GCN_VALU(v_fmac_f32) { d.setF32(ffma(d.mode(), d.f32(0), d.f32(1), asF32(d.dstOld32()))); }
GCN_VALU(v_mac_f16) { d.setF16(hmad(d.mode(), d.f16(0), d.f16(1), d.dstOld32() & 0xffffu)); }
// VDST = SRC0 * K + SRC1 (madmk) ; VDST = SRC0 * SRC1 + K (madak)
GCN_VALU(v_madmk_f32) { d.setF32(fmad(d.mode(), d.f32(0), asF32(d.literalK()), d.f32(1))); }
GCN_VALU(v_madak_f32) { d.setF32(fmad(d.mode(), d.f32(0), d.f32(1), asF32(d.literalK()))); }
GCN_VALU(v_madmk_f16) { d.setF16(hmad(d.mode(), d.f16(0), d.literalK() & 0xffffu, d.f16(1))); }
GCN_VALU(v_madak_f16) { d.setF16(hmad(d.mode(), d.f16(0), d.f16(1), d.literalK() & 0xffffu)); }
// Legacy (DX9) products: a zero factor gives +0 whatever the other is.
// VDST = SRC0 * SRC1 + SRC2 (mad_legacy) ; + VDST (mac_legacy)
GCN_VALU(v_mad_legacy_f32) {
  const auto& m = d.mode();
  d.setF32(fadd(m, fmulLegacy(m, d.f32(0), d.f32(1)), d.f32(2)));
}
GCN_VALU(v_mac_legacy_f32) {
  const auto& m = d.mode();
  d.setF32(fadd(m, fmulLegacy(m, d.f32(0), d.f32(1)), asF32(d.dstOld32())));
}
// VDST = SRC2 > 0 ? (SRC0 != 0 && SRC1 != 0 ? SRC0 * SRC1 : 0) : -MAX_FLOAT
GCN_VALU(v_mullit_f32) {
  const auto& m = d.mode();
  auto c = cmpIn(m, d.f32(2));
  d.setF32(select(c > 0.0f, fmulLegacy(m, d.f32(0), d.f32(1)), -3.40282347e+38f));
}

// ---- min / max -------------------------------------------------------------
// VDST = MIN(SRC0, SRC1) / MAX(...) with the MODE.IEEE NaN rules (valu_fp.h)
GCN_VALU(v_min_f32) { d.setF32(fpmin(d.mode(), d.f32(0), d.f32(1))); }
GCN_VALU(v_max_f32) { d.setF32(fpmax(d.mode(), d.f32(0), d.f32(1))); }
GCN_VALU(v_min_f64) { d.setF64(fpmin(d.mode(), d.f64(0), d.f64(1))); }
GCN_VALU(v_max_f64) { d.setF64(fpmax(d.mode(), d.f64(0), d.f64(1))); }
GCN_VALU(v_min_f16) { d.setF16(hmin(d.mode(), d.f16(0), d.f16(1))); }
GCN_VALU(v_max_f16) { d.setF16(hmax(d.mode(), d.f16(0), d.f16(1))); }
// if (!ISNAN(SRC1)) VDST = MIN(SRC0, SRC1) else VDST = NaN  (DX9: a < b ? a : b)
GCN_VALU(v_min_legacy_f32) { d.setF32(fpminLegacy(d.mode(), d.f32(0), d.f32(1))); }
GCN_VALU(v_max_legacy_f32) { d.setF32(fpmaxLegacy(d.mode(), d.f32(0), d.f32(1))); }
// MIN3 / MAX3 / MED3: a NaN operand -> MIN/MAX of the other two
GCN_VALU(v_min3_f32) { d.setF32(fpmin3(d.mode(), d.f32(0), d.f32(1), d.f32(2))); }
GCN_VALU(v_max3_f32) { d.setF32(fpmax3(d.mode(), d.f32(0), d.f32(1), d.f32(2))); }
GCN_VALU(v_med3_f32) { d.setF32(fpmed3(d.mode(), d.f32(0), d.f32(1), d.f32(2))); }
GCN_VALU(v_min3_f16) { d.setF16(hmin3(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }
GCN_VALU(v_max3_f16) { d.setF16(hmax3(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }
GCN_VALU(v_med3_f16) { d.setF16(hmed3(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }

}  // namespace gcn::sem
