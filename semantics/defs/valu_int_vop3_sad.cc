// VOP3-only integer operations, second part: min3/max3/med3, sums of
// absolute differences (sad, msad, qsad, mqsad), the 16-bit mads and the
// GFX9 three-operand ALU (GcnInstrsVop3.md).
#include "semantics/defs/valu_int.h"

namespace gcn::sem {

// ---------------------------------------------------- min3 / max3 / med3
// The median is max(min(a, b), min(max(a, b), c)); the spec's med3 chain
// returns SRC0 when SRC1 == SRC2 (erratum).
GCN_VALU(v_min3_i32) { auto a = d.u32(0), b = d.u32(1), c = d.u32(2); d.setU32(smin(smin(a, b), c)); }
GCN_VALU(v_max3_i32) { auto a = d.u32(0), b = d.u32(1), c = d.u32(2); d.setU32(smax(smax(a, b), c)); }
GCN_VALU(v_med3_i32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32(smax(smin(a, b), smin(smax(a, b), c)));
}
GCN_VALU(v_min3_u32) { auto a = d.u32(0), b = d.u32(1), c = d.u32(2); d.setU32(umin(umin(a, b), c)); }
GCN_VALU(v_max3_u32) { auto a = d.u32(0), b = d.u32(1), c = d.u32(2); d.setU32(umax(umax(a, b), c)); }
GCN_VALU(v_med3_u32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32(umax(umin(a, b), umin(umax(a, b), c)));
}
// 16-bit (GFX9, op_sel)
GCN_VALU(v_min3_i16) {
  auto a = s16(d.u16(0)), b = s16(d.u16(1)), c = s16(d.u16(2));
  d.setU16(smin(smin(a, b), c));
}
GCN_VALU(v_max3_i16) {
  auto a = s16(d.u16(0)), b = s16(d.u16(1)), c = s16(d.u16(2));
  d.setU16(smax(smax(a, b), c));
}
GCN_VALU(v_med3_i16) {
  auto a = s16(d.u16(0)), b = s16(d.u16(1)), c = s16(d.u16(2));
  d.setU16(smax(smin(a, b), smin(smax(a, b), c)));
}
GCN_VALU(v_min3_u16) { auto a = d.u16(0), b = d.u16(1), c = d.u16(2); d.setU16(umin(umin(a, b), c)); }
GCN_VALU(v_max3_u16) { auto a = d.u16(0), b = d.u16(1), c = d.u16(2); d.setU16(umax(umax(a, b), c)); }
GCN_VALU(v_med3_u16) {
  auto a = d.u16(0), b = d.u16(1), c = d.u16(2);
  d.setU16(umax(umin(a, b), umin(umax(a, b), c)));
}

// ---------------------------------------------- sums of absolute differences
// Integer clamp (GFX8+) saturates the 32-bit accumulation.
template <class D, class T> inline auto accumulate(D& d, const T& acc, const T& sum) {
  auto r = acc + sum;
  return d.clampOn() ? select(r < acc, 0xffffffffu, r) : r;
}
template <class T> inline auto sadBytes(const T& a, const T& b) {
  auto s = absDiff(byteOf(a, 0), byteOf(b, 0));
  for (int i = 1; i < 4; ++i) s = s + absDiff(byteOf(a, i), byteOf(b, i));
  return s;
}
// Masked: bytes where the reference (S1) byte is 0 do not count.
template <class T> inline auto msadBytes(const T& a, const T& b) {
  auto s = a ^ a;
  for (int i = 0; i < 4; ++i)
    s = s + select(byteOf(b, i) == 0u, 0u, absDiff(byteOf(a, i), byteOf(b, i)));
  return s;
}
// VDST = SRC2 + sum |SRC0.b[i] - SRC1.b[i]|
GCN_VALU(v_sad_u8) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32(accumulate(d, c, sadBytes(a, b)));
}
// VDST = SRC2 + (sum |SRC0.b[i] - SRC1.b[i]|) << 16
GCN_VALU(v_sad_hi_u8) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32(accumulate(d, c, sadBytes(a, b) << 16u));
}
// VDST = SRC2 + |SRC0.lo - SRC1.lo| + |SRC0.hi - SRC1.hi|
GCN_VALU(v_sad_u16) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  auto s = absDiff(a & 0xffffu, b & 0xffffu) + absDiff(a >> 16u, b >> 16u);
  d.setU32(accumulate(d, c, s));
}
// VDST = SRC2 + |SRC0 - SRC1|
GCN_VALU(v_sad_u32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32(accumulate(d, c, absDiff(a, b)));
}
// VDST = SRC2 + sum over SRC1.b[i] != 0 of |SRC0.b[i] - SRC1.b[i]|
GCN_VALU(v_msad_u8) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32(accumulate(d, c, msadBytes(a, b)));
}
// Four SADs of the dword of SRC0 (64-bit) starting at byte N against SRC1,
// each accumulated into the 16-bit field N of SRC2 and stored as 16 bits
// (clamp saturates, else truncates; the spec's fields overflow into each
// other: erratum).
template <class D> inline void qsad(D& d, bool masked) {
  auto a = d.u64(0);
  auto b = d.u32(1);
  auto c = d.u64(2);
  auto r = c ^ c;
  for (int n = 0; n < 4; ++n) {
    auto window = trunc32(a >> uint32_t(8 * n));
    auto s = masked ? msadBytes(window, b) : sadBytes(window, b);
    auto v = trunc32(c >> uint32_t(16 * n)) & 0xffffu;
    v = v + s;
    v = d.clampOn() ? satU16(v) : v & 0xffffu;
    r = r | (zext64(v) << uint32_t(16 * n));
  }
  d.setU64(r);
}
GCN_VALU(v_qsad_u8) { qsad(d, false); }
GCN_VALU(v_qsad_pk_u16_u8) { qsad(d, false); }
GCN_VALU(v_mqsad_pk_u16_u8) { qsad(d, true); }
// Four masked SADs with 32-bit accumulators (dword N of the 128-bit SRC2);
// the spec saturates unconditionally, the clamp bit decides here (erratum).
GCN_VALU(v_mqsad_u32_u8) {
  auto a = d.u64(0);
  auto b = d.u32(1);
  auto c0 = d.u32Dword(2, 0), c1 = d.u32Dword(2, 1), c2 = d.u32Dword(2, 2), c3 = d.u32Dword(2, 3);
  auto r0 = accumulate(d, c0, msadBytes(trunc32(a), b));
  auto r1 = accumulate(d, c1, msadBytes(trunc32(a >> 8u), b));
  auto r2 = accumulate(d, c2, msadBytes(trunc32(a >> 16u), b));
  auto r3 = accumulate(d, c3, msadBytes(trunc32(a >> 24u), b));
  d.setU128(r0, r1, r2, r3);
}

// ---------------------------------------------------- 16-bit mads (GFX8/9)
// VDST = SRC0 * SRC1 + SRC2 in 16 bits; clamp saturates the full result to
// the 16-bit range (the spec's clamp acts after & 0xffff: erratum).
template <class D> inline void madU16(D& d) {
  auto a = d.u16(0), b = d.u16(1), c = d.u16(2);
  auto t = a * b + c;
  d.setU16(d.clampOn() ? satU16(t) : t);
}
template <class D> inline void madI16(D& d) {
  auto a = s16(d.u16(0)), b = s16(d.u16(1)), c = s16(d.u16(2));
  auto t = a * b + c;
  d.setU16(d.clampOn() ? satS16(t) : t);
}
GCN_VALU(v_mad_u16) { madU16(d); }
GCN_VALU(v_mad_legacy_u16) { madU16(d); }
GCN_VALU(v_mad_i16) { madI16(d); }
GCN_VALU(v_mad_legacy_i16) { madI16(d); }
// VDST = (SRC0 & 0xffff) * (SRC1 & 0xffff) + SRC2 (32-bit result)
GCN_VALU(v_mad_u32_u16) {
  auto a = d.u16(0), b = d.u16(1), c = d.u32(2);
  d.setU32(a * b + c);
}
// VDST = SEXT32((INT16)SRC0) * (INT16)SRC1 + SRC2
GCN_VALU(v_mad_i32_i16) {
  auto a = s16(d.u16(0)), b = s16(d.u16(1)), c = d.u32(2);
  d.setU32(a * b + c);
}
// VDST = SRC0 ± SRC1 in 16 bits; clamp saturates to the signed range (the
// spec's bounds are ±(1<<16): erratum). The other half of VDST is kept.
GCN_VALU(v_add_i16) {
  auto a = d.u16(0), b = d.u16(1);
  auto r = a + b;
  d.setU16(d.clampOn() ? satS16(s16(a) + s16(b)) : r);
}
GCN_VALU(v_sub_i16) {
  auto a = d.u16(0), b = d.u16(1);
  auto r = a - b;
  d.setU16(d.clampOn() ? satS16(s16(a) - s16(b)) : r);
}

// ---------------------------------------------------- GFX9 three-operand ALU
GCN_VALU(v_xad_u32) { auto a = d.u32(0), b = d.u32(1), c = d.u32(2); d.setU32((a ^ b) + c); }
GCN_VALU(v_lshl_add_u32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32((a << (b & 31u)) + c);
}
GCN_VALU(v_add_lshl_u32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32((a + b) << (c & 31u));
}
GCN_VALU(v_add3_u32) { auto a = d.u32(0), b = d.u32(1), c = d.u32(2); d.setU32(a + b + c); }
GCN_VALU(v_lshl_or_b32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32((a << (b & 31u)) | c);
}
GCN_VALU(v_and_or_b32) { auto a = d.u32(0), b = d.u32(1), c = d.u32(2); d.setU32((a & b) | c); }
GCN_VALU(v_or3_b32) { auto a = d.u32(0), b = d.u32(1), c = d.u32(2); d.setU32(a | b | c); }

}  // namespace gcn::sem
