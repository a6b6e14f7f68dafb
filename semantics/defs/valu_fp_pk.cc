// VOP3P packed f16 (GFX9): v_pk_add/mul/fma/min/max_f16. Operand selection
// (op_sel, op_sel_hi, neg_lo, neg_hi) is the context's (pkF16); clamp
// applies per element. The mixed-precision forms are in valu_fp_mix.cc.
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

// VDST.lo = op(SRC0.lo, SRC1.lo); VDST.hi = op(SRC0.hi, SRC1.hi)
#define GCN_PK2(name, op)                                                     \
  GCN_VALU(name) {                                                            \
    const auto& m = d.mode();                                                        \
    d.setPkF16(op(m, d.pkF16(0, false), d.pkF16(1, false)),                   \
               op(m, d.pkF16(0, true), d.pkF16(1, true)));                    \
  }
GCN_PK2(v_pk_add_f16, hadd)
GCN_PK2(v_pk_mul_f16, hmul)
GCN_PK2(v_pk_min_f16, hmin)
GCN_PK2(v_pk_max_f16, hmax)
#undef GCN_PK2
// VDST.lo = FMA(SRC0.lo, SRC1.lo, SRC2.lo); VDST.hi likewise
GCN_VALU(v_pk_fma_f16) {
  const auto& m = d.mode();
  d.setPkF16(hfma(m, d.pkF16(0, false), d.pkF16(1, false), d.pkF16(2, false)),
             hfma(m, d.pkF16(0, true), d.pkF16(1, true), d.pkF16(2, true)));
}

}  // namespace gcn::sem
