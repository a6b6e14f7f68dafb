// VOPC 16-bit floating-point compares: v_cmp/v_cmpx on f16,
// and v_cmp_class_f16. The predicates are valu_fp_cmp.h's.
#include "semantics/defs/valu_fp_cmp.h"

namespace gcn::sem {

#define GCN_FCMP_IN(i) hcmpIn(m, d.f16(i))
#define GCN_FCMP_F16(op, pred)                       \
  GCN_FCMP_DEF(v_cmp_##op##_f16, GCN_FCMP_IN, pred)  \
  GCN_VALU_AS(v_cmpx_##op##_f16, v_cmp_##op##_f16);
GCN_FCMP_PREDS(GCN_FCMP_F16)

// VCC/SDST[lane] = the SRC1 bit of SRC0's class (valu_fp.h)
GCN_VALU(v_cmp_class_f16) { d.setCmp(hClass(d.f16(0), d.u32(1))); }
GCN_VALU_AS(v_cmpx_class_f16, v_cmp_class_f16);

}  // namespace gcn::sem

// The Z3 build includes several definition files in one unit.
#undef GCN_FCMP_IN
#undef GCN_FCMP_F16
