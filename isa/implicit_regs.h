// Registers an instruction reads or writes without naming them as
// operands: SCC, EXEC, VCC and M0, from its row's flags (inst_desc.h).
// Tools that follow data flow (schedulers, hazard checkers, simulators)
// ask these; //semantics/defs:implicit_regs_test checks them against the
// definitions.
#pragma once

#include <string>

#include "isa/inst_desc.h"

namespace gcn {

enum ImplicitReg : unsigned {
  kImplicitScc = 1u << 0,
  kImplicitExec = 1u << 1,
  kImplicitVcc = 1u << 2,
  kImplicitM0 = 1u << 3,
};

// EXEC as a vector row's lane mask is not counted: every vector row has it.
constexpr unsigned implicitReads(const InstDesc& d) {
  return (d.flags & F_READS_SCC ? kImplicitScc : 0u) | (d.flags & F_READS_EXEC ? kImplicitExec : 0u) |
         (d.flags & F_READS_VCC ? kImplicitVcc : 0u) | (d.flags & F_READS_M0 ? kImplicitM0 : 0u);
}
constexpr unsigned implicitWrites(const InstDesc& d) {
  return (d.flags & F_WRITES_SCC ? kImplicitScc : 0u) |
         (d.flags & (F_WRITES_EXEC | F_VOPC_CMPX) ? kImplicitExec : 0u) |
         (d.flags & F_WRITES_M0 ? kImplicitM0 : 0u);
}

// "scc, exec", or "nothing".
inline std::string implicitRegNames(unsigned regs) {
  std::string s;
  const char* names[] = {"scc", "exec", "vcc", "m0"};
  for (int i = 0; i < 4; ++i)
    if (regs & (1u << i)) s += (s.empty() ? "" : ", ") + std::string(names[i]);
  return s.empty() ? "nothing" : s;
}

}  // namespace gcn
