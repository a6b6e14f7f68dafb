// VOP3P floating point (GFX9): packed f16 (v_pk_add/mul/fma/min/max_f16),
// mixed precision v_mad_mix* (gfx900) / v_fma_mix* (gfx906), and gfx906's
// v_dot2_f32_f16. Operand selection (op_sel, op_sel_hi, neg_lo, neg_hi) is
// the context's (pkF16, mixF32); clamp applies per element.
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

// MIX: SRC0 * SRC1 + SRC2 in f32 over f32 or f16 sources; _f32 writes
// the f32 result, _lo/_hi round it once to f16 into one half of VDST.
// v_mad_mix* round the product first (MAD); v_fma_mix* are fused.
GCN_VALU(v_mad_mix_f32) { d.setF32(fmad(d.mode(), d.mixF32(0), d.mixF32(1), d.mixF32(2))); }
GCN_VALU(v_mad_mixlo_f16) { d.setF16Half(madToF16(d.mode(), d.mixF32(0), d.mixF32(1), d.mixF32(2)), false); }
GCN_VALU(v_mad_mixhi_f16) { d.setF16Half(madToF16(d.mode(), d.mixF32(0), d.mixF32(1), d.mixF32(2)), true); }
GCN_VALU(v_fma_mix_f32) { d.setF32(ffma(d.mode(), d.mixF32(0), d.mixF32(1), d.mixF32(2))); }
GCN_VALU(v_fma_mixlo_f16) { d.setF16Half(fmaToF16(d.mode(), d.mixF32(0), d.mixF32(1), d.mixF32(2)), false); }
GCN_VALU(v_fma_mixhi_f16) { d.setF16Half(fmaToF16(d.mode(), d.mixF32(0), d.mixF32(1), d.mixF32(2)), true); }

// VDST = SRC0.lo * SRC1.lo + SRC0.hi * SRC1.hi + SRC2 (f32), evaluated as
// FMA(SRC0.hi, SRC1.hi, FMA(SRC0.lo, SRC1.lo, SRC2)) with f16 operands
// widened exactly.
GCN_VALU(v_dot2_f32_f16) {
  const auto& m = d.mode();
  auto lo = ffma(m, h2f(m, d.pkF16(0, false)), h2f(m, d.pkF16(1, false)), d.f32(2));
  d.setF32(ffma(m, h2f(m, d.pkF16(0, true)), h2f(m, d.pkF16(1, true)), lo));
}

}  // namespace gcn::sem
