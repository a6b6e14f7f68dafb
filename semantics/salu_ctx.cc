#include "semantics/salu_ctx.h"

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

void SaluCtx::trap(uint32_t id) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "wave %u, pc 0x%llx: s_trap %u with no trap handler", w_.wave_id,
                (unsigned long long)w_.pc, id);
  w_.error = buf;
  w_.stop = WaveStop::TRAP;
}

void SaluCtx::sendMsg(uint32_t imm, bool halt_after) {
  w_.messages.push_back({p_.pc, imm, w_.m0(), halt_after});
  if (halt_after) w_.stop = WaveStop::HALT;
}

}  // namespace gcn::sem
