#include "semantics/defs/salu_ctx.h"

#include <cstdio>

namespace gcn::sem {

uint32_t SaluCtx::sgpr(uint32_t index) const {
  if (index >= uint32_t(w_.num_sgprs)) {
    w_.fail("SGPR index " + std::to_string(index) + " (M0-relative or CSP stack) is past s" +
            std::to_string(w_.num_sgprs - 1));
    return 0;
  }
  return w_.s[index];
}

void SaluCtx::setSgpr(uint32_t index, uint32_t v) {
  if (index >= uint32_t(w_.num_sgprs)) {
    w_.fail("SGPR index " + std::to_string(index) + " (M0-relative or CSP stack) is past s" +
            std::to_string(w_.num_sgprs - 1));
    return;
  }
  w_.s[index] = v;
}

// S_TRAP (AMD Vega ISA; GcnInstrsSopp.md only says "enter the trap
// handler"): {TTMP1, TTMP0} = {7'h0, HT, TrapID[7:0], PC[47:0]} with PC the
// s_trap's own address (the handler adds 4 before s_rfe, as ROCm's does);
// STATUS.PRIV = 1; PC = TBA. TBA = 0 means no handler is installed: the wave
// stops with an error naming wave, PC and trap id.
void SaluCtx::trap(uint32_t id) {
  const uint64_t tba = w_.trapBase();
  if (tba == 0) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "wave %u, pc 0x%llx: s_trap %u with no trap handler (TBA = 0)",
                  w_.wave_id, (unsigned long long)w_.pc, id);
    w_.error = buf;
    w_.stop = WaveStop::TRAP;
    return;
  }
  w_.setS64(w_.ttmp0(), (p_.pc & kPcMask) | uint64_t(id & 0xffu) << 48);
  w_.hwreg[HW_STATUS] |= 1u << ST_PRIV;
  e_.jumpToPc(tba);
}

void SaluCtx::sendMsg(uint32_t imm, bool halt_after) {
  w_.messages.push_back({p_.pc, imm, w_.m0(), halt_after});
  if (halt_after) w_.stop = WaveStop::HALT;
}

}  // namespace gcn::sem
