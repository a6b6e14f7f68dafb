// VOP2/VOP3B subtracts with borrow: v_sub*/v_subrev*/v_subb* in their GFX6-9
// spellings. The adds are in vector_basic.cc.
#include "semantics/defs/valu_int.h"

namespace gcn::sem {

// temp = (UINT64)X - Y [- borrow-in]; VDST = temp (0 with clamp when it
// borrows); SDST/VCC bit = borrow. X, Y = SRC0, SRC1 or (rev) SRC1, SRC0.
template <class D> inline void subBorrow(D& d, bool rev, bool borrow_in) {
  auto s0 = d.u32(0), s1 = d.u32(1);
  auto x = rev ? s1 : s0, y = rev ? s0 : s1;
  auto t = x - y;
  auto borrow = x < y;
  if (borrow_in) {
    auto cin = toU32(d.maskIn(2));
    borrow = borrow | (t < cin);
    t = t - cin;
  }
  if (d.hasSdst()) d.setSdst(borrow);
  if (d.clampOn()) t = select(borrow, 0u, t);
  d.setU32(t);
}
// GFX9's VOP3 v_sub_i32: signed, clamp saturates to the signed range;
// GFX6/7's VOP2 v_sub_i32 is the borrow-out subtract.
GCN_VALU(v_sub_i32) {
  if (d.hasSdst()) return subBorrow(d, false, false);
  auto a = d.u32(0), b = d.u32(1);
  auto r = a - b;
  if (d.clampOn()) r = satS32(sext64(a) - sext64(b));
  d.setU32(r);
}
GCN_VALU(v_subrev_i32) { subBorrow(d, true, false); }
// GFX8: borrow-out to VCC/SDST; GFX9: no borrow-out, clamp saturates at 0.
GCN_VALU(v_sub_u32) { subBorrow(d, false, false); }
GCN_VALU(v_subrev_u32) { subBorrow(d, true, false); }
GCN_VALU(v_sub_co_u32) { subBorrow(d, false, false); }
GCN_VALU(v_subrev_co_u32) { subBorrow(d, true, false); }
GCN_VALU(v_subb_u32) { subBorrow(d, false, true); }
GCN_VALU(v_subbrev_u32) { subBorrow(d, true, true); }
GCN_VALU(v_subb_co_u32) { subBorrow(d, false, true); }
GCN_VALU(v_subbrev_co_u32) { subBorrow(d, true, true); }

}  // namespace gcn::sem
