// SOP2 semantics, side by side with GcnInstrsSop2.md "Operation:".
#include "semantics/defs/salu_ctx.h"
#include "semantics/defs/salu_flow.h"

namespace gcn::sem {

// Signed overflow of a + b = r (both operands' sign differ from the result's).
template <class T> inline auto addOverflow(T a, T b, T r) {
  return ((~(a ^ b) & (a ^ r)) >> 31) != 0u;
}
template <class T> inline auto subOverflow(T a, T b, T r) {
  return (((a ^ b) & (a ^ r)) >> 31) != 0u;
}

// UINT64 temp = (UINT64)SSRC0 + (UINT64)SSRC1; SDST = temp; SCC = temp >> 32
GCN_SALU(s_add_u32) {
  auto t = zext64(c.s0()) + zext64(c.s1());
  c.setD(trunc32(t));
  c.setScc(hi32(t) != 0u);
}
// UINT64 temp = (UINT64)SSRC0 - (UINT64)SSRC1; SDST = temp; SCC = (temp>>32)!=0
GCN_SALU(s_sub_u32) {
  auto a = c.s0(), b = c.s1();
  c.setD(a - b);
  c.setScc(b > a);
}
// SDST = SSRC0 + SSRC1; SCC = signed overflow
GCN_SALU(s_add_i32) {
  auto a = c.s0(), b = c.s1();
  auto r = a + b;
  c.setD(r);
  c.setScc(addOverflow(a, b, r));
}
// SDST = SSRC0 - SSRC1; SCC = signed overflow
GCN_SALU(s_sub_i32) {
  auto a = c.s0(), b = c.s1();
  auto r = a - b;
  c.setD(r);
  c.setScc(subOverflow(a, b, r));
}
// temp = (UINT64)SSRC0 + (UINT64)SSRC1 + SCC; SDST = temp; SCC = temp >> 32
GCN_SALU(s_addc_u32) {
  auto t = zext64(c.s0()) + zext64(c.s1()) + zext64(toU32(c.scc()));
  c.setD(trunc32(t));
  c.setScc(hi32(t) != 0u);
}
// temp = (UINT64)SSRC0 - (UINT64)SSRC1 - SCC; SDST = temp; SCC = borrow
GCN_SALU(s_subb_u32) {
  auto a = c.s0(), b = c.s1();
  auto ci = toU32(c.scc());
  c.setD(a - b - ci);
  c.setScc(zext64(b) + zext64(ci) > zext64(a));
}
// SDST = MIN/MAX; SCC = SSRC0 is the result (strict compare)
GCN_SALU(s_min_i32) { auto a = c.s0(), b = c.s1(); c.setD(smin(a, b)); c.setScc(slt(a, b)); }
GCN_SALU(s_min_u32) { auto a = c.s0(), b = c.s1(); c.setD(umin(a, b)); c.setScc(a < b); }
GCN_SALU(s_max_i32) { auto a = c.s0(), b = c.s1(); c.setD(smax(a, b)); c.setScc(sgt(a, b)); }
GCN_SALU(s_max_u32) { auto a = c.s0(), b = c.s1(); c.setD(umax(a, b)); c.setScc(a > b); }
// SDST = SCC ? SSRC0 : SSRC1
GCN_SALU(s_cselect_b32) { c.setD(select(c.scc(), c.s0(), c.s1())); }
GCN_SALU(s_cselect_b64) { c.setD64(select(c.scc(), c.s0_64(), c.s1_64())); }

// Bitwise: SDST = f(SSRC0, SSRC1); SCC = SDST != 0
#define GCN_SOP2_LOGIC(name, expr)                                            \
  GCN_SALU(name##_b32) { auto a = c.s0(), b = c.s1(); auto r = expr; c.setD(r); c.setScc(r != 0u); } \
  GCN_SALU(name##_b64) { auto a = c.s0_64(), b = c.s1_64(); auto r = expr; c.setD64(r); c.setScc(r != 0u); }
GCN_SOP2_LOGIC(s_and, a & b)
GCN_SOP2_LOGIC(s_or, a | b)
GCN_SOP2_LOGIC(s_xor, a ^ b)
GCN_SOP2_LOGIC(s_andn2, a & ~b)
GCN_SOP2_LOGIC(s_orn2, a | ~b)
GCN_SOP2_LOGIC(s_nand, ~(a & b))
GCN_SOP2_LOGIC(s_nor, ~(a | b))
GCN_SOP2_LOGIC(s_xnor, ~(a ^ b))
#undef GCN_SOP2_LOGIC

// Shifts: count masked to the width; SCC = SDST != 0
GCN_SALU(s_lshl_b32) { auto r = c.s0() << (c.s1() & 31u); c.setD(r); c.setScc(r != 0u); }
GCN_SALU(s_lshl_b64) { auto r = c.s0_64() << zext64(c.s1() & 63u); c.setD64(r); c.setScc(r != 0u); }
GCN_SALU(s_lshr_b32) { auto r = c.s0() >> (c.s1() & 31u); c.setD(r); c.setScc(r != 0u); }
GCN_SALU(s_lshr_b64) { auto r = c.s0_64() >> zext64(c.s1() & 63u); c.setD64(r); c.setScc(r != 0u); }
GCN_SALU(s_ashr_i32) { auto r = ashr(c.s0(), c.s1() & 31u); c.setD(r); c.setScc(r != 0u); }
GCN_SALU(s_ashr_i64) { auto r = ashr(c.s0_64(), zext64(c.s1() & 63u)); c.setD64(r); c.setScc(r != 0u); }

// SDST = ((1U << (SSRC0&31))-1) << (SSRC1&31)
GCN_SALU(s_bfm_b32) { c.setD(((1u << (c.s0() & 31u)) - 1u) << (c.s1() & 31u)); }
GCN_SALU(s_bfm_b64) {
  c.setD64(((uint64_t(1) << zext64(c.s0() & 63u)) - 1u) << zext64(c.s1() & 63u));
}
// SDST = SSRC0 * SSRC1 (low 32 bits, same for signed and unsigned)
GCN_SALU(s_mul_i32) { c.setD(c.s0() * c.s1()); }

// BFE: shift = SSRC1 & (w-1), length = (SSRC1 >> 16) & 0x7f; length 0 gives 0
// (the spec's missing `else`: see errata SOP2_BFE_LENGTH0).
GCN_SALU(s_bfe_u32) {
  auto s0 = c.s0(), s1 = c.s1();
  auto sh = s1 & 31u, len = (s1 >> 16) & 0x7fu;
  auto mask = select(len >= 32u, ~0u, (1u << (len & 31u)) - 1u);
  auto r = (s0 >> sh) & mask;
  c.setD(r);
  c.setScc(r != 0u);
}
GCN_SALU(s_bfe_i32) {
  auto s0 = c.s0(), s1 = c.s1();
  auto sh = s1 & 31u, len = (s1 >> 16) & 0x7fu;
  auto fits = sh + len < 32u;
  auto part = ashr(s0 << ((32u - sh - len) & 31u), (32u - len) & 31u);
  auto r = select(len == 0u, 0u, select(fits, part, ashr(s0, sh)));
  c.setD(r);
  c.setScc(r != 0u);
}
GCN_SALU(s_bfe_u64) {
  auto s0 = c.s0_64();
  auto s1 = c.s1();
  auto sh = zext64(s1 & 63u), len = zext64((s1 >> 16) & 0x7fu);
  auto mask = select(len >= 64u, ~uint64_t(0), (uint64_t(1) << (len & 63u)) - 1u);
  auto r = (s0 >> sh) & mask;
  c.setD64(r);
  c.setScc(r != 0u);
}
GCN_SALU(s_bfe_i64) {
  auto s0 = c.s0_64();
  auto s1 = c.s1();
  auto sh = zext64(s1 & 63u), len = zext64((s1 >> 16) & 0x7fu);
  auto fits = sh + len < 64u;
  auto part = ashr(s0 << ((64u - sh - len) & 63u), (64u - len) & 63u);
  auto r = select(len == 0u, uint64_t(0), select(fits, part, ashr(s0, sh)));
  c.setD64(r);
  c.setScc(r != 0u);
}

GCN_SALU(s_cbranch_g_fork) { forkTo(c, c.s0_64(), c.s1_64()); }
// S_RFE_RESTORE_B64: return from exception to SSRC0 (SSRC1 restores state
// the functional model does not keep).
GCN_SALU(s_rfe_restore_b64) {
  auto target = c.s0_64() & kPcMask;
  c.setHwreg(HW_STATUS, c.hwreg(HW_STATUS) & ~(1u << ST_PRIV));
  c.jump(target);
}

// ABS(SSRC0 - SSRC1); SCC = SDST != 0
GCN_SALU(s_absdiff_i32) { auto r = sabs(c.s0() - c.s1()); c.setD(r); c.setScc(r != 0u); }
// GFX9
GCN_SALU(s_mul_hi_u32) { c.setD(mulhiU32(c.s0(), c.s1())); }
GCN_SALU(s_mul_hi_i32) { c.setD(mulhiI32(c.s0(), c.s1())); }
// TMP = (SSRC0 << N) + SSRC1 (64-bit); SDST = TMP; SCC = TMP >= 2^32
#define GCN_LSHL_ADD(n)                                                       \
  GCN_SALU(s_lshl##n##_add_u32) {                                             \
    auto t = (zext64(c.s0()) << n) + zext64(c.s1());                          \
    c.setD(trunc32(t));                                                       \
    c.setScc(hi32(t) != 0u);                                                  \
  }
GCN_LSHL_ADD(1) GCN_LSHL_ADD(2) GCN_LSHL_ADD(3) GCN_LSHL_ADD(4)
#undef GCN_LSHL_ADD
GCN_SALU(s_pack_ll_b32_b16) { c.setD((c.s0() & 0xffffu) | (c.s1() << 16)); }
GCN_SALU(s_pack_lh_b32_b16) { c.setD((c.s0() & 0xffffu) | (c.s1() & 0xffff0000u)); }
GCN_SALU(s_pack_hh_b32_b16) { c.setD((c.s0() >> 16) | (c.s1() & 0xffff0000u)); }

}  // namespace gcn::sem
