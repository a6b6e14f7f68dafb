// VALU floating-point add, subtract and multiply; f16, f32, f64.
// Multiply-add (mad/fma, the *mk/*ak, mac and legacy forms) is in
// valu_fp_mad.cc, min/max/min3/max3/med3 in valu_fp_minmax.cc (files of
// their own: they compile in parallel and an edit recompiles one); ldexp,
// frexp, fract, integral rounding and the cube map helpers in
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

}  // namespace gcn::sem
