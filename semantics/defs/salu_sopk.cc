// SOPK semantics, side by side with GcnInstrsSopk.md "Operation:".
#include "semantics/defs/salu_ctx.h"
#include "semantics/defs/salu_flow.h"

namespace gcn::sem {

// SDST = SEXT(SIMM16); SCC unchanged (the spec's "SCC = SIMM16" is erratum
// SOPK_MOVK_OPERATION).
GCN_SALU(s_movk_i32) { c.setD(c.simm16s()); }
// SDST = SCC ? SEXT(SIMM16) : SDST
GCN_SALU(s_cmovk_i32) { c.setD(select(c.scc(), c.simm16s(), c.d())); }
// SCC = (INT32)SDST op SEXT(SIMM16) / SDST op ZEXT(IMM16) (SOPK_IMM_SIGNEDNESS)
GCN_SALU(s_cmpk_eq_i32) { c.setScc(c.d() == c.simm16s()); }
GCN_SALU(s_cmpk_lg_i32) { c.setScc(c.d() != c.simm16s()); }
GCN_SALU(s_cmpk_gt_i32) { c.setScc(sgt(c.d(), c.simm16s())); }
GCN_SALU(s_cmpk_ge_i32) { c.setScc(sge(c.d(), c.simm16s())); }
GCN_SALU(s_cmpk_lt_i32) { c.setScc(slt(c.d(), c.simm16s())); }
GCN_SALU(s_cmpk_le_i32) { c.setScc(sle(c.d(), c.simm16s())); }
GCN_SALU(s_cmpk_eq_u32) { c.setScc(c.d() == c.simm16()); }
GCN_SALU(s_cmpk_lg_u32) { c.setScc(c.d() != c.simm16()); }
GCN_SALU(s_cmpk_gt_u32) { c.setScc(c.d() > c.simm16()); }
GCN_SALU(s_cmpk_ge_u32) { c.setScc(c.d() >= c.simm16()); }
GCN_SALU(s_cmpk_lt_u32) { c.setScc(c.d() < c.simm16()); }
GCN_SALU(s_cmpk_le_u32) { c.setScc(c.d() <= c.simm16()); }
// SDST = SDST + SEXT(SIMM16); SCC = signed overflow
GCN_SALU(s_addk_i32) {
  // Separate declarations: in the Z3 domain d() is a bit-vector and
  // simm16s() a plain constant.
  auto a = c.d();
  auto b = c.simm16s();
  auto r = a + b;
  c.setD(r);
  c.setScc(((~(a ^ b) & (a ^ r)) >> 31) != 0u);
}
// SDST = SDST * SEXT(SIMM16)
GCN_SALU(s_mulk_i32) { c.setD(c.d() * c.simm16s()); }
// Fork on the mask in SDST to RELADDR (see forkTo).
GCN_SALU(s_cbranch_i_fork) { forkTo(c, c.d_64(), c.relAddr()); }

// hwreg(ID, OFFSET, SIZE): SIMM16[5:0] id, [10:6] offset, [15:11] size-1.
template <class C> inline typename C::U32 hwMask(C& c) {
  const uint32_t imm = c.simm16();
  const uint32_t size = ((imm >> 11) & 31) + 1, off = (imm >> 6) & 31;
  return uint32_t(((uint64_t(1) << size) - 1) << off);
}
// SDST = (HWREG >> OFFSET) & ((1 << SIZE) - 1)
GCN_SALU(s_getreg_b32) {
  const uint32_t imm = c.simm16();
  c.setD((c.hwreg(imm & 63) & hwMask(c)) >> ((imm >> 6) & 31));
}
GCN_SALU(s_getreg_regrd_b32) {
  const uint32_t imm = c.simm16();
  c.setD((c.hwreg(imm & 63) & hwMask(c)) >> ((imm >> 6) & 31));
}
// HWREG = (HWREG & ~mask) | ((SDST << OFFSET) & mask)
GCN_SALU(s_setreg_b32) {
  const uint32_t imm = c.simm16();
  auto mask = hwMask(c);
  auto old = c.hwreg(imm & 63);
  c.setHwreg(imm & 63, (old & ~mask) | ((c.d() << ((imm >> 6) & 31)) & mask));
}
GCN_SALU(s_setreg_imm32_b32) {
  const uint32_t imm = c.simm16();
  auto mask = hwMask(c);
  auto old = c.hwreg(imm & 63);
  c.setHwreg(imm & 63, (old & ~mask) | ((c.literal() << ((imm >> 6) & 31)) & mask));
}
// SDST = PC + 4; PC = RELADDR
GCN_SALU(s_call_b64) {
  c.setD64(c.nextPc());
  c.branch();
}

}  // namespace gcn::sem
