// VALU floating-point minimum, maximum and median: min/max (IEEE and DX9
// legacy), min3/max3/med3; f16, f32, f64. Operation text from
// GcnInstrsVop2/3.md; the NaN rules of MODE.IEEE live in valu_fp.h.
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

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
