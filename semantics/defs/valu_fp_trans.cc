// VALU transcendental approximations: exp, log, sin, cos and their
// legacy/clamp forms; reciprocals and square roots are in valu_fp_recip.cc,
// the division helpers in valu_fp_div.cc. Accuracy bounds are stated on the
// domain functions in valu_fp.h and checked in valu_fp_test.cc.
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

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

}  // namespace gcn::sem
