// gcnref prove: are two straight-line sequences equivalent for every
// initial state and every EXEC mask? (prove/z3_equiv.h)
#include <cstdio>
#include <cstdlib>
#include <string>

#include "prove/z3_equiv.h"
#include "tools/gcnref/cli.h"

namespace gcn::cli {

namespace {
constexpr const char* kProveUsage =
    "usage: gcnref prove --mcpu=CPU A.s B.s [--live-out LIST] [--assume EXPR]\n"
    "                    [--lanes N] [--timeout SECONDS]\n"
    "  Decides whether A and B leave the same live-out state for every initial\n"
    "  state (SGPRs, VGPRs, SCC) and every EXEC mask, with Z3.\n"
    "  --live-out  registers compared, e.g. \"v0,s[0:1],vcc,scc\" (default: every\n"
    "              register either sequence writes)\n"
    "  --assume    a condition on the initial state: registers (vN means every\n"
    "              lane), numbers, + - * & | ^ << >>, == != < <= > >= (unsigned,\n"
    "              64-bit), !, &&, ||, parentheses; e.g. \"v1 < 0x1000000 && s2 == 0\"\n"
    "  --lanes     wave width of the model (default 64, exact); fewer lanes is\n"
    "              faster and restricts EXEC to lanes 0..N-1\n"
    "  --timeout   solver limit in seconds (default 60); a timeout is reported\n"
    "              as such (exit 3), never as equivalent\n"
    "  Covers scalar/vector integer code, f16/f32/f64 floating point (IEEE, the\n"
    "  generation's reset MODE), SDWA/DPP, readlane/writelane, ds_swizzle;\n"
    "  refuses, naming them, branches, memory and the FP approximations\n"
    "  (rsq/exp/log/sin/cos, trig_preop). Details: prove/README.md.\n"
    "  Prints 'equivalent' (exit 0) or 'not equivalent' with a counterexample\n"
    "  confirmed on the emulator (exit 1). Errors exit 2.\n";
}  // namespace

int cmdProve(int argc, char** argv) {
  Args a = parseArgs(argc, argv, 2, {"mcpu", "live-out", "assume", "lanes", "timeout"});
  if (a.has("help") || a.has("h")) { std::fputs(kProveUsage, stdout); return 0; }
  Target t;
  if (!targetFromArgs(a, &t)) return 2;
  if (a.positional.size() != 2) { std::fputs(kProveUsage, stderr); return 2; }
  std::string src[2], err;
  for (int i = 0; i < 2; ++i) {
    if (!readFile(a.positional[size_t(i)], &src[i], &err)) {
      std::fprintf(stderr, "gcnref prove: %s\n", err.c_str());
      return 2;
    }
  }
  prop::EquivOptions o;
  o.live_out = a.get("live-out");
  o.assume = a.get("assume");
  if (a.has("lanes")) {
    char* end;
    long n = std::strtol(a.get("lanes").c_str(), &end, 10);
    if (*end || n < 1 || n > 64) { std::fprintf(stderr, "gcnref prove: --lanes must be 1..64\n"); return 2; }
    o.lanes = int(n);
  }
  if (a.has("timeout")) {
    char* end;
    double s = std::strtod(a.get("timeout").c_str(), &end);
    if (*end || !(s > 0)) { std::fprintf(stderr, "gcnref prove: --timeout must be a positive number of seconds\n"); return 2; }
    o.timeout_ms = unsigned(s * 1000);
  }
  prop::EquivResult r = prop::checkEquivalence(t, src[0], src[1], o);
  // Names in messages: the files, not "A"/"B".
  auto name = [&](std::string s) {
    for (int i = 0; i < 2; ++i) {
      const std::string tag = i == 0 ? "A" : "B";
      size_t p = 0;
      while ((p = s.find(tag + ":", p)) != std::string::npos) {
        if (p == 0 || s[p - 1] == '\n' || s[p - 1] == ' ') {
          s.replace(p, 1, a.positional[size_t(i)]);
          p += a.positional[size_t(i)].size();
        } else {
          ++p;
        }
      }
    }
    return s;
  };
  switch (r.status) {
    case prop::EquivResult::EQUIVALENT:
      std::printf("equivalent\n");
      std::fprintf(stderr, "(%d lanes, live-out: ", o.lanes);
      for (size_t i = 0; i < r.live_outs.size(); ++i)
        std::fprintf(stderr, "%s%s", i ? "," : "", r.live_outs[i].c_str());
      std::fprintf(stderr, "; %.2f s)\n", r.seconds);
      return 0;
    case prop::EquivResult::NOT_EQUIVALENT:
      std::printf("not equivalent\n%s", r.report.c_str());
      return 1;
    case prop::EquivResult::TIMEOUT:
      std::printf("timeout: Z3 gave no answer within %.1f s (not a proof)\n", o.timeout_ms / 1000.0);
      return 3;
    case prop::EquivResult::UNKNOWN:
      std::printf("unknown: %s (not a proof)\n", r.error.c_str());
      return 3;
    default:
      std::fprintf(stderr, "gcnref prove: %s\n", name(r.error).c_str());
      return 2;
  }
}

}  // namespace gcn::cli
