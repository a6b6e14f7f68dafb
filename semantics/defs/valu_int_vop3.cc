// Integer and bitwise VOP3-only definitions (VOP3A and the VOP3B mads).
// Operation text from GcnInstrsVop3.md; disagreements are rows in
// isa/errata/semantics_valu.inc. VOP2/VOP1 rows that are VOP3-only on GFX8/9
// (v_bfm, v_bcnt, v_mbcnt, v_cvt_pk_*16) share their VOP2 definitions in
// valu_int_vop2.cc; min3/max3/med3, the sums of absolute differences, the
// 16-bit mads and the GFX9 three-operand ALU are in valu_int_vop3_sad.cc.
#include "semantics/defs/valu_int.h"

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

}  // namespace gcn::sem
