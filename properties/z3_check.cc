#include "properties/z3_check.h"

#include <chrono>
#include <cstdlib>
#include <memory>

namespace gcn::prop {

const char* verdictName(Verdict v) {
  switch (v) {
    case Verdict::PROVED: return "proved";
    case Verdict::REFUTED: return "refuted";
    case Verdict::TIMEOUT: return "TIMEOUT";
    default: return "UNKNOWN";
  }
}

CheckResult proveClaim(z3::context& c, const z3::expr& claim, unsigned timeout_ms,
                       const z3::expr* assumptions) {
  CheckResult r;
  // Bit-vector + FP: the default solver; QF_FPBV would reject pure-BV goals
  // in some versions, so no logic is forced.
  z3::solver s(c);
  z3::params p(c);
  p.set("timeout", timeout_ms);
  s.set(p);
  if (assumptions) s.add(*assumptions);
  s.add(!claim);
  const auto t0 = std::chrono::steady_clock::now();
  z3::check_result cr = s.check();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (cr == z3::unsat) {
    r.verdict = Verdict::PROVED;
  } else if (cr == z3::sat) {
    r.verdict = Verdict::REFUTED;
    r.model = std::make_unique<z3::model>(s.get_model());
  } else {
    r.reason = s.reason_unknown();
    r.verdict = (r.reason.find("timeout") != std::string::npos ||
                 r.reason.find("canceled") != std::string::npos ||
                 r.seconds * 1000 >= timeout_ms * 0.98)
                    ? Verdict::TIMEOUT
                    : Verdict::UNKNOWN;
  }
  return r;
}

unsigned defaultTimeoutMs() {
  if (const char* e = std::getenv("GCN_Z3_TIMEOUT_MS")) {
    char* end;
    unsigned long v = std::strtoul(e, &end, 10);
    if (*e && !*end && v > 0) return unsigned(v);
  }
  return 60000;
}

}  // namespace gcn::prop
