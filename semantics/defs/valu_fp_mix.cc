// VOP3P mixed precision (GFX9): v_mad_mix* (gfx900) / v_fma_mix* (gfx906),
// and gfx906's v_dot2_f32_f16. Operand selection (op_sel, op_sel_hi,
// neg_lo, neg_hi) is the context's (mixF32, pkF16).
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

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
