// Packed 16-bit integer ops (GFX9 VOP3P, GcnInstrsVop3p.md); the integer
// dot products are in valu_int_dot.cc.
//
// Element 0 of a source is the half op_sel[i] picks (u16), element 1 the
// half op_sel_hi[i] picks (u16hi); the spec's pseudo-code shows the default
// selection (op_sel 0, op_sel_hi 1). NEG_LO/NEG_HI are float modifiers and
// do not act on these integer ops (see SEM_VOP3P_INT_NEG).
#include "semantics/defs/valu_int.h"

namespace gcn::sem {

template <class T> inline auto pack16(const T& lo, const T& hi) {
  return (lo & 0xffffu) | (hi << 16u);
}

// The element op f(x, y) applied to both halves; VDST = r0 | r1 << 16.
template <class D, class F> inline void pk2(D& d, F f) {
  auto a0 = d.u16(0), b0 = d.u16(1);
  auto a1 = d.u16hi(0), b1 = d.u16hi(1);
  auto r0 = f(a0, b0), r1 = f(a1, b1);
  d.setU32(pack16(r0, r1));
}
template <class D, class F> inline void pk3(D& d, F f) {
  auto a0 = d.u16(0), b0 = d.u16(1), c0 = d.u16(2);
  auto a1 = d.u16hi(0), b1 = d.u16hi(1), c1 = d.u16hi(2);
  auto r0 = f(a0, b0, c0), r1 = f(a1, b1, c1);
  d.setU32(pack16(r0, r1));
}

// temp = S0 + S1; clamp: MIN(temp, 65535)
GCN_VALU(v_pk_add_u16) {
  const bool clamp = d.clampOn();
  pk2(d, [clamp](auto x, auto y) { auto t = x + y; return clamp ? satU16(t) : t; });
}
// temp = S0 - S1; clamp: 0 when S0 < S1 (the spec's MAX(temp, 0) on an
// unsigned temp never saturates: erratum)
GCN_VALU(v_pk_sub_u16) {
  const bool clamp = d.clampOn();
  pk2(d, [clamp](auto x, auto y) { auto t = x - y; return clamp ? select(x < y, 0u, t) : t; });
}
// temp = (INT16)S0 + (INT16)S1; clamp: saturate to [-32768, 32767]
GCN_VALU(v_pk_add_i16) {
  const bool clamp = d.clampOn();
  pk2(d, [clamp](auto x, auto y) { auto t = s16(x) + s16(y); return clamp ? satS16(t) : t; });
}
GCN_VALU(v_pk_sub_i16) {
  const bool clamp = d.clampOn();
  pk2(d, [clamp](auto x, auto y) { auto t = s16(x) - s16(y); return clamp ? satS16(t) : t; });
}
// temp = S0 * S1 (low 16 bits)
GCN_VALU(v_pk_mul_lo_u16) { pk2(d, [](auto x, auto y) { return x * y; }); }
// temp = S0 * S1 + S2; clamp: MIN(temp, 65535) (the spec clamps the value
// already cut to 16 bits: erratum)
GCN_VALU(v_pk_mad_u16) {
  const bool clamp = d.clampOn();
  pk3(d, [clamp](auto x, auto y, auto z) { auto t = x * y + z; return clamp ? satU16(t) : t; });
}
GCN_VALU(v_pk_mad_i16) {
  const bool clamp = d.clampOn();
  pk3(d, [clamp](auto x, auto y, auto z) {
    auto t = s16(x) * s16(y) + s16(z);
    return clamp ? satS16(t) : t;
  });
}
// temp = S1 << (S0 & 15) etc.
GCN_VALU(v_pk_lshlrev_b16) { pk2(d, [](auto x, auto y) { return y << (x & 15u); }); }
GCN_VALU(v_pk_lshrrev_b16) { pk2(d, [](auto x, auto y) { return y >> (x & 15u); }); }
GCN_VALU(v_pk_ashrrev_i16) { pk2(d, [](auto x, auto y) { return ashr(s16(y), x & 15u); }); }
GCN_VALU(v_pk_max_i16) { pk2(d, [](auto x, auto y) { return smax(s16(x), s16(y)); }); }
GCN_VALU(v_pk_min_i16) { pk2(d, [](auto x, auto y) { return smin(s16(x), s16(y)); }); }
GCN_VALU(v_pk_max_u16) { pk2(d, [](auto x, auto y) { return umax(x, y); }); }
GCN_VALU(v_pk_min_u16) { pk2(d, [](auto x, auto y) { return umin(x, y); }); }

}  // namespace gcn::sem
