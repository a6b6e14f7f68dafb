// VOPC 32-bit floating-point compares: v_cmp/v_cmpx on f32 (and the
// GFX6/7 v_cmps/v_cmpsx forms), and v_cmp_class_f32.
// The predicates are valu_fp_cmp.h's.
#include "semantics/defs/valu_fp_cmp.h"

namespace gcn::sem {

#define GCN_FCMP_IN(i) cmpIn(m, d.f32(i))
#define GCN_FCMP_F32(op, pred)                        \
  GCN_FCMP_DEF(v_cmp_##op##_f32, GCN_FCMP_IN, pred)   \
  GCN_VALU_AS(v_cmpx_##op##_f32, v_cmp_##op##_f32);   \
  GCN_VALU_AS(v_cmps_##op##_f32, v_cmp_##op##_f32);   \
  GCN_VALU_AS(v_cmpsx_##op##_f32, v_cmp_##op##_f32);
GCN_FCMP_PREDS(GCN_FCMP_F32)

// VCC/SDST[lane] = the SRC1 bit of SRC0's class (valu_fp.h)
GCN_VALU(v_cmp_class_f32) { d.setCmp(fpClass(d.f32(0), d.u32(1))); }
GCN_VALU_AS(v_cmpx_class_f32, v_cmp_class_f32);

}  // namespace gcn::sem

// The Z3 build includes several definition files in one unit.
#undef GCN_FCMP_IN
#undef GCN_FCMP_F32
