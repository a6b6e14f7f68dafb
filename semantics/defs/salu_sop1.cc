// SOP1 semantics, side by side with GcnInstrsSop1.md "Operation:".
#include "semantics/defs/salu_ctx.h"

namespace gcn::sem {

GCN_SALU(s_mov_b32) { c.setD(c.s0()); }
GCN_SALU(s_mov_b64) { c.setD64(c.s0_64()); }
// SDST = SCC ? SSRC0 : SDST
GCN_SALU(s_cmov_b32) { c.setD(select(c.scc(), c.s0(), c.d())); }
GCN_SALU(s_cmov_b64) { c.setD64(select(c.scc(), c.s0_64(), c.d_64())); }
// SDST = ~SSRC0; SCC = SDST != 0
GCN_SALU(s_not_b32) { auto r = ~c.s0(); c.setD(r); c.setScc(r != 0u); }
GCN_SALU(s_not_b64) { auto r = ~c.s0_64(); c.setD64(r); c.setScc(r != 0u); }
// for each nibble: temp |= nibble != 0 ? 0xf << i : 0; SCC = SDST != 0
template <class C, class T> T wqm(T x) {
  T r = x & 0u;
  for (unsigned i = 0; i < sizeof(uint64_t) * 8 && i < sizeof(T) * 8; i += 4)
    r = r | select(((x >> i) & 15u) != 0u, T(15) << i, T(0));
  return r;
}
GCN_SALU(s_wqm_b32) { auto r = wqm<C>(c.s0()); c.setD(r); c.setScc(r != 0u); }
GCN_SALU(s_wqm_b64) { auto r = wqm<C>(c.s0_64()); c.setD64(r); c.setScc(r != 0u); }
GCN_SALU(s_brev_b32) { c.setD(bitrev(c.s0())); }
GCN_SALU(s_brev_b64) { c.setD64(bitrev(c.s0_64())); }
// SDST = BITCOUNT(~SSRC0) / BITCOUNT(SSRC0); SCC = SDST != 0
GCN_SALU(s_bcnt0_i32_b32) { auto r = popcount(~c.s0()); c.setD(r); c.setScc(r != 0u); }
GCN_SALU(s_bcnt0_i32_b64) { auto r = popcount(~c.s0_64()); c.setD(r); c.setScc(r != 0u); }
GCN_SALU(s_bcnt1_i32_b32) { auto r = popcount(c.s0()); c.setD(r); c.setScc(r != 0u); }
GCN_SALU(s_bcnt1_i32_b64) { auto r = popcount(c.s0_64()); c.setD(r); c.setScc(r != 0u); }
// First 0 / 1 bit from the lsb, -1 when none.
GCN_SALU(s_ff0_i32_b32) { c.setD(findLsb(~c.s0())); }
GCN_SALU(s_ff0_i32_b64) { c.setD(findLsb(~c.s0_64())); }
GCN_SALU(s_ff1_i32_b32) { c.setD(findLsb(c.s0())); }
GCN_SALU(s_ff1_i32_b64) { c.setD(findLsb(c.s0_64())); }
// First 1 bit from the msb (its distance from the msb), -1 when none.
GCN_SALU(s_flbit_i32_b32) { c.setD(findMsbFromTop(c.s0())); }
GCN_SALU(s_flbit_i32_b64) { c.setD(findMsbFromTop(c.s0_64())); }
// First bit that differs from the sign bit, from the msb; -1 for 0 and -1.
GCN_SALU(s_flbit_i32) {
  auto x = c.s0();
  c.setD(findMsbFromTop(select(slt(x, 0u), ~x, x)));
}
GCN_SALU(s_flbit_i32_i64) {
  auto x = c.s0_64();
  c.setD(findMsbFromTop(select(slt(x, uint64_t(0)), ~x, x)));
}
GCN_SALU(s_sext_i32_i8) { c.setD(sext8(c.s0())); }
GCN_SALU(s_sext_i32_i16) { c.setD(sext16(c.s0())); }
// SDST &= ~(1 << (SSRC0 & 31)) ; SDST |= ...
GCN_SALU(s_bitset0_b32) { c.setD(c.d() & ~(1u << (c.s0() & 31u))); }
GCN_SALU(s_bitset0_b64) { c.setD64(c.d_64() & ~(uint64_t(1) << zext64(c.s0() & 63u))); }
GCN_SALU(s_bitset1_b32) { c.setD(c.d() | (1u << (c.s0() & 31u))); }
GCN_SALU(s_bitset1_b64) { c.setD64(c.d_64() | (uint64_t(1) << zext64(c.s0() & 63u))); }
// SDST = PC + 4
GCN_SALU(s_getpc_b64) { c.setD64(c.nextPc()); }
// PC = SSRC0
GCN_SALU(s_setpc_b64) { c.jump(c.s0_64()); }
// SDST = PC + 4; PC = SSRC0 (read before the write: SDST may equal SSRC0)
GCN_SALU(s_swappc_b64) {
  auto target = c.s0_64();
  c.setD64(c.nextPc());
  c.jump(target);
}
// Return from the trap handler (AMD Vega ISA): PRIV = 0; PC = SSRC0[47:0]
// (TTMP1 still carries the trap id above the PC bits).
GCN_SALU(s_rfe_b64) {
  auto target = c.s0_64() & kPcMask;
  c.setHwreg(HW_STATUS, c.hwreg(HW_STATUS) & ~(1u << ST_PRIV));
  c.jump(target);
}

// SDST = EXEC; EXEC = f(SSRC0, EXEC); SCC = EXEC != 0
#define GCN_SAVEEXEC(name, expr)                                              \
  GCN_SALU(name) {                                                            \
    auto s = c.s0_64();                                                       \
    auto e = c.exec();                                                        \
    auto r = expr;                                                            \
    c.setD64(e);                                                              \
    c.setExec(r);                                                             \
    c.setScc(r != 0u);                                                        \
  }
GCN_SAVEEXEC(s_and_saveexec_b64, s & e)
GCN_SAVEEXEC(s_or_saveexec_b64, s | e)
GCN_SAVEEXEC(s_xor_saveexec_b64, s ^ e)
GCN_SAVEEXEC(s_andn2_saveexec_b64, s & ~e)
GCN_SAVEEXEC(s_orn2_saveexec_b64, s | ~e)
GCN_SAVEEXEC(s_nand_saveexec_b64, ~(s & e))
GCN_SAVEEXEC(s_nor_saveexec_b64, ~(s | e))
GCN_SAVEEXEC(s_xnor_saveexec_b64, ~(s ^ e))
GCN_SAVEEXEC(s_andn1_saveexec_b64, ~s & e)
GCN_SAVEEXEC(s_orn1_saveexec_b64, ~s | e)
#undef GCN_SAVEEXEC
// EXEC = f(SSRC0, EXEC); SDST = EXEC (the new value); SCC = EXEC != 0
GCN_SALU(s_andn1_wrexec_b64) {
  auto r = ~c.s0_64() & c.exec();
  c.setExec(r);
  c.setD64(r);
  c.setScc(r != 0u);
}
GCN_SALU(s_andn2_wrexec_b64) {
  auto r = c.s0_64() & ~c.exec();
  c.setExec(r);
  c.setD64(r);
  c.setScc(r != 0u);
}
// temp |= nibble i != 0 ? 1 << i : 0; SCC = SDST != 0
GCN_SALU(s_quadmask_b32) {
  auto x = c.s0();
  auto r = x & 0u;
  for (unsigned i = 0; i < 8; ++i) r = r | select(((x >> (i * 4)) & 15u) != 0u, 1u << i, 0u);
  c.setD(r);
  c.setScc(r != 0u);
}
GCN_SALU(s_quadmask_b64) {
  auto x = c.s0_64();
  auto r = x & 0u;
  for (unsigned i = 0; i < 16; ++i)
    r = r | select(((x >> (i * 4)) & 15u) != 0u, uint64_t(1) << i, uint64_t(0));
  c.setD64(r);
  c.setScc(r != 0u);
}
// SDST = SGPR[SSRC0_NUMBER + M0]
GCN_SALU(s_movrels_b32) { c.setD(c.sgpr(c.src0Code() + c.m0())); }
GCN_SALU(s_movrels_b64) {
  auto i = c.src0Code() + c.m0();
  c.setD64(pack64(c.sgpr(i), c.sgpr(i + 1u)));
}
// SGPR[SDST_NUMBER + M0] = SSRC0
GCN_SALU(s_movreld_b32) { c.setSgpr(c.dstCode() + c.m0(), c.s0()); }
GCN_SALU(s_movreld_b64) {
  auto v = c.s0_64();
  auto i = c.dstCode() + c.m0();
  c.setSgpr(i, lo32(v));
  c.setSgpr(i + 1u, hi32(v));
}
// if (CSP == SSRC0) PC += 4 else { CSP--; EXEC = SGPR[CSP*4:+1]; PC = SGPR[CSP*4+2:+3] }
GCN_SALU(s_cbranch_join) {
  auto mode = c.hwreg(HW_MODE);
  auto csp = (mode >> kModeCspShift) & 7u;
  auto same = csp == c.s0();
  auto ncsp = (csp - 1u) & 7u;
  auto slot = ncsp * 4u;
  auto saved_exec = pack64(c.sgpr(slot), c.sgpr(slot + 1u));
  auto saved_pc = pack64(c.sgpr(slot + 2u), c.sgpr(slot + 3u));
  c.setHwreg(HW_MODE, (mode & ~(7u << kModeCspShift)) | (select(same, csp, ncsp) << kModeCspShift));
  c.setExec(select(same, c.exec(), saved_exec));
  c.jumpIf(!same, saved_pc);
}
// Unknown to llvm-mc (errata SOP1_MOV_REGRD/FED_UNKNOWN): plain moves.
GCN_SALU(s_mov_regrd_b32) { c.setD(c.s0()); }
GCN_SALU(s_mov_fed_b32) { c.setD(c.s0()); }
// SDST = ABS(SSRC0); SCC = SDST != 0
GCN_SALU(s_abs_i32) { auto r = sabs(c.s0()); c.setD(r); c.setScc(r != 0u); }
// M0 = (M0 & 0xffffff00) | (SSRC0 & 0xff)
GCN_SALU(s_set_gpr_idx_idx) { c.setM0((c.m0() & 0xffffff00u) | (c.s0() & 0xffu)); }
// SDST |= ((SSRC0 >> I) & 1) * 3 << (I * 2), I = 0..31
GCN_SALU(s_bitreplicate_b64_b32) {
  auto x = zext64(c.s0());
  auto r = x & 0u;
  for (unsigned i = 0; i < 32; ++i) r = r | (((x >> i) & 1u) * 3u) << (i * 2);
  c.setD64(r);
}

}  // namespace gcn::sem
