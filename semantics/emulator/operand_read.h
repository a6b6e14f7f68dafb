// Reading resolved scalar operands (SGPRs, specials, constants), shared by
// the scalar and vector contexts.
#pragma once

#include <cstdint>
#include <cstring>

#include "semantics/emulator/exec_env.h"

namespace gcn::sem {

// Value of an aperture source code (235..239).
inline uint64_t apertureValue(const WaveState& w, int code) {
  switch (code) {
    case 235: return w.shared_base;
    case 236: return w.shared_limit;
    case 237: return w.private_base;
    case 238: return w.private_limit;
    default: return w.pops_exiting_wave_id;
  }
}

// LDS_DIRECT: M0[15:0] byte offset, M0[18:16] format (GcnOperands.md).
uint32_t ldsDirectRead(ExecEnv& e);

inline uint64_t scalarRead64(ExecEnv& e, const Operand& o) {
  const WaveState& w = e.w;
  switch (o.kind) {
    case OpKind::SREG:
      return o.dwords >= 2 ? w.s64(o.reg) : w.s[o.reg];
    case OpKind::CONST: return o.value;
    case OpKind::SCC: return w.scc;
    case OpKind::VCCZ: return w.vccz();
    case OpKind::EXECZ: return w.execz();
    case OpKind::APERTURE: return apertureValue(w, o.reg);
    case OpKind::LDS_DIRECT: return ldsDirectRead(e);
    default: return 0;
  }
}
inline uint32_t scalarRead32(ExecEnv& e, const Operand& o) {
  if (o.kind == OpKind::SREG) return e.w.s[o.reg];
  return uint32_t(scalarRead64(e, o));
}

}  // namespace gcn::sem
