// VOP2 16-bit integer operations (GFX8/9).
#include "semantics/defs/valu_int.h"

namespace gcn::sem {

// VDST = (SRC0 & 0xffff) + (SRC1 & 0xffff), MIN(0xffff, .) with clamp
GCN_VALU(v_add_u16) {
  auto r = d.u16(0) + d.u16(1);
  d.setU16(d.clampOn() ? satU16(r) : r);
}
// VDST = (SRC0 & 0xffff) - (SRC1 & 0xffff), MAX(0, .) with clamp
template <class D> inline void subU16(D& d, bool rev) {
  auto s0 = d.u16(0), s1 = d.u16(1);
  auto x = rev ? s1 : s0, y = rev ? s0 : s1;
  auto r = x - y;
  if (d.clampOn()) r = select(x < y, 0u, r);
  d.setU16(r);
}
GCN_VALU(v_sub_u16) { subU16(d, false); }
GCN_VALU(v_subrev_u16) { subU16(d, true); }
// VDST = (SRC0 & 0xffff) * (SRC1 & 0xffff) & 0xffff
GCN_VALU(v_mul_lo_u16) { d.setU16(d.u16(0) * d.u16(1)); }
// VDST = (SRC1 << (SRC0 & 15)) & 0xffff
GCN_VALU(v_lshlrev_b16) { auto a = d.u16(0), b = d.u16(1); d.setU16(b << (a & 15u)); }
// VDST = (SRC1 >> (SRC0 & 15)) & 0xffff
GCN_VALU(v_lshrrev_b16) { auto a = d.u16(0), b = d.u16(1); d.setU16(b >> (a & 15u)); }
// VDST = ((INT16)SRC1 >> (SRC0 & 15)) & 0xffff
GCN_VALU(v_ashrrev_i16) { auto a = d.u16(0), b = d.u16(1); d.setU16(ashr(s16(b), a & 15u)); }
GCN_VALU(v_max_u16) { d.setU16(umax(d.u16(0), d.u16(1))); }
GCN_VALU(v_min_u16) { d.setU16(umin(d.u16(0), d.u16(1))); }
GCN_VALU(v_max_i16) { d.setU16(smax(s16(d.u16(0)), s16(d.u16(1)))); }
GCN_VALU(v_min_i16) { d.setU16(smin(s16(d.u16(0)), s16(d.u16(1)))); }

}  // namespace gcn::sem
