// SOPC semantics, side by side with GcnInstrsSopc.md "Operation:".
#include "semantics/defs/salu_ctx.h"

namespace gcn::sem {

GCN_SALU(s_cmp_eq_i32) { c.setScc(c.s0() == c.s1()); }
GCN_SALU(s_cmp_lg_i32) { c.setScc(c.s0() != c.s1()); }
GCN_SALU(s_cmp_gt_i32) { c.setScc(sgt(c.s0(), c.s1())); }
GCN_SALU(s_cmp_ge_i32) { c.setScc(sge(c.s0(), c.s1())); }
GCN_SALU(s_cmp_lt_i32) { c.setScc(slt(c.s0(), c.s1())); }
GCN_SALU(s_cmp_le_i32) { c.setScc(sle(c.s0(), c.s1())); }
GCN_SALU(s_cmp_eq_u32) { c.setScc(c.s0() == c.s1()); }
GCN_SALU(s_cmp_lg_u32) { c.setScc(c.s0() != c.s1()); }
GCN_SALU(s_cmp_gt_u32) { c.setScc(c.s0() > c.s1()); }
GCN_SALU(s_cmp_ge_u32) { c.setScc(c.s0() >= c.s1()); }
GCN_SALU(s_cmp_lt_u32) { c.setScc(c.s0() < c.s1()); }
GCN_SALU(s_cmp_le_u32) { c.setScc(c.s0() <= c.s1()); }
GCN_SALU(s_cmp_eq_u64) { c.setScc(c.s0_64() == c.s1_64()); }
GCN_SALU(s_cmp_lg_u64) { c.setScc(c.s0_64() != c.s1_64()); }
// SCC = (SSRC0 & (1 << (SSRC1 & 31))) == 0 / != 0
GCN_SALU(s_bitcmp0_b32) { c.setScc(((c.s0() >> (c.s1() & 31u)) & 1u) == 0u); }
GCN_SALU(s_bitcmp1_b32) { c.setScc(((c.s0() >> (c.s1() & 31u)) & 1u) != 0u); }
GCN_SALU(s_bitcmp0_b64) { c.setScc(((c.s0_64() >> zext64(c.s1() & 63u)) & 1u) == 0u); }
GCN_SALU(s_bitcmp1_b64) { c.setScc(((c.s0_64() >> zext64(c.s1() & 63u)) & 1u) != 0u); }
// VSKIP = (SSRC0 & 1 << (SSRC1 & 31)) != 0
GCN_SALU(s_setvskip) { c.setVskip(((c.s0() >> (c.s1() & 31u)) & 1u) != 0u); }
// MODE.GPR_IDX_EN = 1; M0 = (M0 & 0xffff0f00) | ((IMM & 15) << 12) | (SSRC0 & 0xff)
GCN_SALU(s_set_gpr_idx_on) {
  auto idx = c.s0();
  c.setHwreg(HW_MODE, c.hwreg(HW_MODE) | kModeGprIdxEn);
  c.setM0((c.m0() & 0xffff0f00u) | ((c.ssrc1Field() & 15u) << 12) | (idx & 0xffu));
}

}  // namespace gcn::sem
