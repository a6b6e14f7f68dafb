// VALU reciprocal and square-root approximations: rcp, rsq, sqrt and their
// legacy/clamp/iflag forms. Accuracy bounds are stated on the domain
// functions in valu_fp.h and checked in valu_fp_test.cc.
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

}  // namespace gcn::sem
