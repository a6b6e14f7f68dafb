// VALU floating-point multiply-add: mad (product rounded) and fma (one
// rounding), the mac forms (accumulating into VDST), madmk/madak (a literal
// K) and the DX9 legacy products; f32 and f64 (f16: valu_fp_mad16.cc). Operation text from
// GcnInstrsVop2/3.md; the NaN, denormal and rounding rules live in fp.h /
// valu_fp.h.
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

// ---- multiply-add --------------------------------------------------------
// MAD rounds the product (not fused); FMA rounds once.
// VDST = SRC0 * SRC1 + SRC2
GCN_VALU(v_mad_f32) { d.setF32(fmad(d.mode(), d.f32(0), d.f32(1), d.f32(2))); }
GCN_VALU(v_fma_f32) { d.setF32(ffma(d.mode(), d.f32(0), d.f32(1), d.f32(2))); }
GCN_VALU(v_fma_f64) { d.setF64(ffma(d.mode(), d.f64(0), d.f64(1), d.f64(2))); }
// VDST = SRC0 * SRC1 + VDST
GCN_VALU(v_mac_f32) { d.setF32(fmad(d.mode(), d.f32(0), d.f32(1), asF32(d.dstOld32()))); }
GCN_VALU(v_fmac_f32) { d.setF32(ffma(d.mode(), d.f32(0), d.f32(1), asF32(d.dstOld32()))); }
// VDST = SRC0 * K + SRC1 (madmk) ; VDST = SRC0 * SRC1 + K (madak)
GCN_VALU(v_madmk_f32) { d.setF32(fmad(d.mode(), d.f32(0), asF32(d.literalK()), d.f32(1))); }
GCN_VALU(v_madak_f32) { d.setF32(fmad(d.mode(), d.f32(0), d.f32(1), asF32(d.literalK()))); }
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

}  // namespace gcn::sem
