// SOPP semantics, side by side with GcnInstrsSopp.md "Operation:".
// RELADDR = PC + 4 + SIMM16 * 4 (the spec's "NEXTPC + SIMM16" counts dwords).
#include "semantics/defs/salu_ctx.h"

namespace gcn::sem {

// No-ops in this functional model (timing, hints, caches, performance).
GCN_SALU(s_nop) {}
GCN_SALU(s_waitcnt) {}
GCN_SALU(s_sleep) {}
GCN_SALU(s_setprio) {}
GCN_SALU(s_icache_inv) {}
GCN_SALU(s_incperflevel) {}
GCN_SALU(s_decperflevel) {}
GCN_SALU(s_ttracedata) {}
GCN_SALU(s_wakeup) {}
GCN_SALU(s_setkill) {}

GCN_SALU(s_endpgm) { c.endProgram(); }
GCN_SALU(s_endpgm_saved) { c.endProgram(); }
GCN_SALU(s_endpgm_ordered_ps_done) { c.endProgram(); }
// PC = RELADDR
GCN_SALU(s_branch) { c.branch(); }
// PC = cond ? RELADDR : PC + 4
GCN_SALU(s_cbranch_scc0) { c.branchIf(!c.scc()); }
GCN_SALU(s_cbranch_scc1) { c.branchIf(c.scc()); }
GCN_SALU(s_cbranch_vccz) { c.branchIf(c.vcc() == 0u); }
GCN_SALU(s_cbranch_vccnz) { c.branchIf(c.vcc() != 0u); }
GCN_SALU(s_cbranch_execz) { c.branchIf(c.exec() == 0u); }
GCN_SALU(s_cbranch_execnz) { c.branchIf(c.exec() != 0u); }
// STATUS.COND_DBG_SYS / COND_DBG_USER
GCN_SALU(s_cbranch_cdbgsys) { c.branchIf(c.statusBit(ST_COND_DBG_SYS)); }
GCN_SALU(s_cbranch_cdbguser) { c.branchIf(c.statusBit(ST_COND_DBG_USER)); }
GCN_SALU(s_cbranch_cdbgsys_or_user) {
  c.branchIf(c.statusBit(ST_COND_DBG_SYS) | c.statusBit(ST_COND_DBG_USER));
}
GCN_SALU(s_cbranch_cdbgsys_and_user) {
  c.branchIf(c.statusBit(ST_COND_DBG_SYS) & c.statusBit(ST_COND_DBG_USER));
}
// Synchronises the waves of the workgroup (emulator.h).
GCN_SALU(s_barrier) { c.barrier(); }
// HALT = SIMM16 & 1
GCN_SALU(s_sethalt) {
  if (c.simm16() & 1) c.halt();
}
GCN_SALU(s_sendmsg) { c.sendMsg(c.simm16(), false); }
GCN_SALU(s_sendmsghalt) { c.sendMsg(c.simm16(), true); }
GCN_SALU(s_trap) { c.trap(c.simm16() & 0xff); }
// MODE = MODE & ~(1 << 27)
GCN_SALU(s_set_gpr_idx_off) { c.setHwreg(HW_MODE, c.hwreg(HW_MODE) & ~kModeGprIdxEn); }
// M0 = (M0 & 0xffff0fff) | ((SIMM16 & 15) << 12)
GCN_SALU(s_set_gpr_idx_mode) { c.setM0((c.m0() & 0xffff0fffu) | ((c.simm16() & 15u) << 12)); }

}  // namespace gcn::sem
