// Deciding a claim with Z3 under a time limit. A timeout or "unknown" is
// its own verdict, never a pass: callers (tests, gcnref prove) report it.
#pragma once

#include <z3++.h>

#include <string>

namespace gcn::prop {

enum class Verdict { PROVED, REFUTED, TIMEOUT, UNKNOWN };
const char* verdictName(Verdict v);

struct CheckResult {
  Verdict verdict = Verdict::UNKNOWN;
  double seconds = 0;
  std::string reason;                  // Z3's reason for unknown
  std::unique_ptr<z3::model> model;    // REFUTED: a counterexample
};

// Proves `claim` (a Bool term) for all values of its free variables under
// `assumptions`: asks Z3 for assumptions && !claim.
CheckResult proveClaim(z3::context& c, const z3::expr& claim, unsigned timeout_ms,
                       const z3::expr* assumptions = nullptr);

// Per-check limit for tests: GCN_Z3_TIMEOUT_MS in the environment, else 60 s.
unsigned defaultTimeoutMs();

}  // namespace gcn::prop
