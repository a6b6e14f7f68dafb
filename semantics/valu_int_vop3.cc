// Integer and bitwise VOP3-only definitions (VOP3A and the VOP3B mads).
// Operation text from GcnInstrsVop3.md; disagreements are rows in
// isa/errata/semantics_valu.inc. VOP2/VOP1 rows that are VOP3-only on GFX8/9
// (v_bfm, v_bcnt, v_mbcnt, v_cvt_pk_*16) share their VOP2 definitions in
// valu_int_vop2.cc.
#include "semantics/valu_int.h"

namespace gcn::sem {

// ---------------------------------------------------------- 24-bit mads
// VDST = SEXT24(SRC0) * SEXT24(SRC1) + SRC2 (clamp has no effect, as on the
// 24-bit muls)
GCN_VALU(v_mad_i32_i24) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32(i24(a) * i24(b) + c);
}
// VDST = (SRC0 & 0xffffff) * (SRC1 & 0xffffff) + SRC2
GCN_VALU(v_mad_u32_u24) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32(u24(a) * u24(b) + c);
}

// ---------------------------------------------------------- bit fields
// VDST = (SRC0 >> (SRC1 & 31)) & ((1 << (SRC2 & 31)) - 1); length 0 gives 0
// (the spec's missing else: erratum)
GCN_VALU(v_bfe_u32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  auto shift = b & 31u, length = c & 31u;
  d.setU32((a >> shift) & ((1u << length) - 1u));
}
// As v_bfe_u32 from the arithmetic shift, sign-extended from bit length-1.
GCN_VALU(v_bfe_i32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  auto shift = b & 31u, length = c & 31u;
  auto field = ashr(a, shift) & ((1u << length) - 1u);
  auto sign = 1u << ((length - 1u) & 31u);
  d.setU32(select(length == 0u, 0u, (field ^ sign) - sign));
}
// VDST = (SRC0 & SRC1) | (~SRC0 & SRC2)
GCN_VALU(v_bfi_b32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32((a & b) | (~a & c));
}
// VDST = ((SRC0 << 32) | SRC1) >> (SRC2 & 31)
GCN_VALU(v_alignbit_b32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32(trunc32(pack64(b, a) >> (c & 31u)));
}
// VDST = ((SRC0 << 32) | SRC1) >> ((SRC2 & 3) * 8)
GCN_VALU(v_alignbyte_b32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  d.setU32(trunc32(pack64(b, a) >> ((c & 3u) * 8u)));
}
// Per byte i: ((SRC0.b[i] + SRC1.b[i] + SRC2.b[i] & 1) >> 1)
GCN_VALU(v_lerp_u8) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  auto r = (byteOf(a, 0) + byteOf(b, 0) + (c & 1u)) >> 1u;
  for (int i = 1; i < 4; ++i)
    r = r | ((byteOf(a, i) + byteOf(b, i) + (byteOf(c, i) & 1u)) >> 1u) << uint32_t(8 * i);
  d.setU32(r);
}
// Per byte i of VDST, SRC2.b[i] picks a byte of {SRC0, SRC1}: 0-7 that byte,
// 8-11 the sign of byte 1, 3, 5, 7 replicated, 12 zero, 13+ 0xff (the spec's
// 0xff * qword >> n lacks the & 1: erratum).
GCN_VALU(v_perm_b32) {
  auto a = d.u32(0), b = d.u32(1), c = d.u32(2);
  auto q = pack64(b, a);
  auto r = c ^ c;
  for (int i = 0; i < 4; ++i) {
    auto sel = byteOf(c, i);
    auto byte = trunc32(q >> ((sel & 7u) * 8u)) & 0xffu;
    auto sign = (0u - (trunc32(q >> ((sel & 3u) * 16u + 15u)) & 1u)) & 0xffu;
    auto v = select(sel >= 13u, 0xffu, select(sel == 12u, 0u, select(sel >= 8u, sign, byte)));
    r = r | (v << uint32_t(8 * i));
  }
  d.setU32(r);
}

// ---------------------------------------------------- 64-bit shifts
// VDST = SRC0 << (SRC1 & 63) (GFX6/7)
GCN_VALU(v_lshl_b64) { auto a = d.u64(0); auto b = d.u32(1); d.setU64(a << (b & 63u)); }
GCN_VALU(v_lshr_b64) { auto a = d.u64(0); auto b = d.u32(1); d.setU64(a >> (b & 63u)); }
GCN_VALU(v_ashr_i64) { auto a = d.u64(0); auto b = d.u32(1); d.setU64(ashr(a, b & 63u)); }
// VDST = SRC1 << (SRC0 & 63) (GFX8/9; the spec's v_ashrrev_i64 shifts SRC0:
// erratum)
GCN_VALU(v_lshlrev_b64) { auto a = d.u32(0); auto b = d.u64(1); d.setU64(b << (a & 63u)); }
GCN_VALU(v_lshrrev_b64) { auto a = d.u32(0); auto b = d.u64(1); d.setU64(b >> (a & 63u)); }
GCN_VALU(v_ashrrev_i64) { auto a = d.u32(0); auto b = d.u64(1); d.setU64(ashr(b, a & 63u)); }

// ---------------------------------------------------- 32-bit multiplies
GCN_VALU(v_mul_lo_u32) { d.setU32(d.u32(0) * d.u32(1)); }
GCN_VALU(v_mul_lo_i32) { d.setU32(d.u32(0) * d.u32(1)); }  // same low bits
GCN_VALU(v_mul_hi_u32) { d.setU32(mulhiU32(d.u32(0), d.u32(1))); }
GCN_VALU(v_mul_hi_i32) { d.setU32(mulhiI32(d.u32(0), d.u32(1))); }

// {SDST, VDST} = (UINT64)SRC0 * SRC1 + SRC2 (65-bit result; clamp saturates)
GCN_VALU(v_mad_u64_u32) {
  auto a = d.u32(0), b = d.u32(1);
  auto c = d.u64(2);
  auto prod = zext64(a) * zext64(b);
  auto r = prod + c;
  auto carry = r < prod;
  d.setSdst(carry);
  if (d.clampOn()) r = select(carry, ~uint64_t(0), r);
  d.setU64(r);
}
// {SDST, VDST} = (INT64)SRC0 * (INT32)SRC1 + (INT64)SRC2 as a 65-bit signed
// result: SDST = bit 64 (the spec leaves it unknown: erratum); clamp
// saturates to the signed 64-bit range.
GCN_VALU(v_mad_i64_i32) {
  auto a = d.u32(0), b = d.u32(1);
  auto c = d.u64(2);
  auto prod = sext64(a) * sext64(b);
  auto r = prod + c;
  auto sp = slt(prod, uint64_t(0)), sc = slt(c, uint64_t(0)), sr = slt(r, uint64_t(0));
  d.setSdst(sp ^ sc ^ (r < prod));
  if (d.clampOn()) {
    auto ovf = (sp == sc) & (sr != sp);
    r = select(ovf, select(sp, uint64_t(1) << 63, ~(uint64_t(1) << 63)), r);
  }
  d.setU64(r);
}

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
