// The first VALU definitions (the design's proof on the fast path); the VALU
// valu_*.cc files hold the rest. Operation text from GcnInstrsVop*.md.
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

// VDST = SRC0
GCN_VALU(v_mov_b32) { d.setU32(d.u32(0)); }

// VDST = SRC0 + SRC1; VCC/SDST = carry (GFX6-8 rows with a carry-out);
// GFX9 VOP3 clamp saturates (unsigned).
template <class D> inline void addU32(D& d) {
  auto a = d.u32(0), b = d.u32(1);
  auto r = a + b;
  auto carry = r < a;
  if (d.hasSdst()) d.setSdst(carry);
  if (d.clampOn()) r = select(carry, ~0u, r);
  d.setU32(r);
}
GCN_VALU(v_add_u32) { addU32(d); }
GCN_VALU(v_add_co_u32) { addU32(d); }
// GFX6/7 v_add_i32 is the carry-out add; GFX9's VOP3 v_add_i32 is a signed
// add whose clamp saturates to the signed range.
GCN_VALU(v_add_i32) {
  auto a = d.u32(0), b = d.u32(1);
  auto r = a + b;
  if (d.hasSdst()) {
    d.setSdst(r < a);
  } else if (d.clampOn()) {
    auto ovf = (((~(a ^ b)) & (a ^ r)) >> 31) != 0u;
    r = select(ovf, select(slt(a, 0u), 0x80000000u, 0x7fffffffu), r);
  }
  d.setU32(r);
}
// VDST = SRC0 + SRC1 + VCC[lane]; VCC/SDST = carry. The spec's 64-bit
// temp, computed as two 32-bit adds (carry = either add wrapped) so the fast
// path stays in 32-bit lanes.
template <class D> inline void addcU32(D& d) {
  auto a = d.u32(0), b = d.u32(1);
  auto cin = d.maskIn(2);
  auto t = a + b;
  auto r = t + toU32(cin);
  auto carry = (t < a) | (r < t);
  d.setSdst(carry);
  if (d.clampOn()) r = select(carry, ~0u, r);
  d.setU32(r);
}
GCN_VALU(v_addc_u32) { addcU32(d); }
GCN_VALU(v_addc_co_u32) { addcU32(d); }

// VDST = SRC0 + SRC1 (abs/neg on the inputs, omod/clamp on the result)
GCN_VALU(v_add_f32) { d.setF32(fadd(d.mode(), d.f32(0), d.f32(1))); }

// VDST = SSRC2[LANEID] ? SRC1 : SRC0 (abs/neg act on the sign bits)
GCN_VALU(v_cndmask_b32) {
  auto m = d.maskIn(2);
  d.setU32(asU32(select(m, d.f32(1), d.f32(0))));
}

// SDST/VCC[lane] = SRC0 == SRC1; v_cmpx also writes EXEC
GCN_VALU(v_cmp_eq_u32) { d.setCmp(d.u32(0) == d.u32(1)); }
GCN_VALU_AS(v_cmpx_eq_u32, v_cmp_eq_u32);

// SDST = SRC0[SRC1 & 63] (EXEC ignored)
GCN_VALU_WAVE(v_readlane_b32) { d.setSdst32(d.vgprLane(0, d.s(1) & 63u)); }
// SDST = SRC0[first active lane] (lane 0 when EXEC is 0)
GCN_VALU_WAVE(v_readfirstlane_b32) {
  auto e = d.exec();
  d.setSdst32(d.vgprLane(0, select(e == 0u, 0u, findLsb(e))));
}
// VDST[SRC1 & 63] = SRC0 (EXEC ignored)
GCN_VALU_WAVE(v_writelane_b32) { d.setVgprLane(d.s(1) & 63u, d.s(0)); }

}  // namespace gcn::sem
