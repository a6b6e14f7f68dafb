// Equivalence of two straight-line GCN sequences over the Z3 model
// (semantics/z3/z3_ctx.h): the engine behind `gcnref prove` and the
// encoding-form proofs in z3_forms_test.cc.
//
// Both sequences start from one symbolic initial state (every SGPR, VGPR
// lane, SCC and EXEC free; MODE the generation's reset value) and the
// live-out registers are compared in every lane. A counterexample is
// replayed on the emulator (semantics/emulator/emulator.h) and reported only if the
// emulator shows the same difference.
#pragma once

#include <string>
#include <vector>

#include "isa/target.h"
#include "prove/z3_check.h"

namespace gcn::prop {

struct EquivOptions {
  int lanes = 64;            // wave width of the model (64 = exact)
  std::string live_out;      // "v0,s[0:1],vcc,scc"; empty: everything written
  std::string assume;        // "v1 < 0x1000000 && s2 == 0"
  unsigned timeout_ms = 60000;
};

struct EquivResult {
  enum Status { EQUIVALENT, NOT_EQUIVALENT, TIMEOUT, UNKNOWN, ERROR } status = ERROR;
  std::string error;         // ERROR: what (unsupported instructions, syntax)
  std::string report;        // NOT_EQUIVALENT: counterexample, confirmed
  std::vector<std::string> live_outs;  // what was compared
  double seconds = 0;        // solver time
};
const char* statusName(EquivResult::Status s);

EquivResult checkEquivalence(const Target& t, const std::string& a_text,
                             const std::string& b_text, const EquivOptions& o);

}  // namespace gcn::prop
