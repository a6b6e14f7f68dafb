// The gfx906 integer dot products (VOP3P; not in the spec; AMD's Vega 7nm
// ISA: D = sum of the element products + S2, clamp saturating). Element 0
// of a source is the half op_sel[i] picks (u16), element 1 the half
// op_sel_hi[i] picks (u16hi), as for the packed ops (valu_int_vop3p.cc).
#include "semantics/defs/valu_int.h"

namespace gcn::sem {

// D = sum + S2, computed in 64 bits so clamp can saturate the 32-bit result.
template <class D, class T> inline void dotResult(D& d, const T& sum64, bool is_signed) {
  auto r = trunc32(sum64);
  if (d.clampOn())
    r = is_signed ? satS32(sum64) : select(hi32(sum64) != 0u, 0xffffffffu, r);
  d.setU32(r);
}
// D.i32 = S0.i16[0] * S1.i16[0] + S0.i16[1] * S1.i16[1] + S2.i32
GCN_VALU(v_dot2_i32_i16) {
  auto a0 = d.u16(0), b0 = d.u16(1), a1 = d.u16hi(0), b1 = d.u16hi(1);
  auto c = d.u32(2);
  auto sum = sext64(s16(a0) * s16(b0)) + sext64(s16(a1) * s16(b1)) + sext64(c);
  dotResult(d, sum, true);
}
// D.u32 = S0.u16[0] * S1.u16[0] + S0.u16[1] * S1.u16[1] + S2.u32
GCN_VALU(v_dot2_u32_u16) {
  auto a0 = d.u16(0), b0 = d.u16(1), a1 = d.u16hi(0), b1 = d.u16hi(1);
  auto c = d.u32(2);
  auto sum = zext64(a0 * b0) + zext64(a1 * b1) + zext64(c);
  dotResult(d, sum, false);
}
// D = sum over the 4 bytes / 8 nibbles of S0.e[i] * S1.e[i] + S2
template <class D> inline void dotN(D& d, int bits, bool is_signed) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  auto sum = is_signed ? sext64(c) : zext64(c);
  for (int i = 0; i < 32 / bits; ++i) {
    auto p = is_signed ? fieldS(a, bits, i) * fieldS(b, bits, i)
                       : fieldU(a, bits, i) * fieldU(b, bits, i);
    sum = sum + (is_signed ? sext64(p) : zext64(p));
  }
  dotResult(d, sum, is_signed);
}
GCN_VALU(v_dot4_i32_i8) { dotN(d, 8, true); }
GCN_VALU(v_dot4_u32_u8) { dotN(d, 8, false); }
GCN_VALU(v_dot8_i32_i4) { dotN(d, 4, true); }
GCN_VALU(v_dot8_u32_u4) { dotN(d, 4, false); }

}  // namespace gcn::sem
