// gcnref semantics: which rows of a processor the functional model runs
// exactly, which by a stated model (with its bound), and which not at all.
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "isa/inst_desc.h"
#include "semantics/emulator/sem_status.h"
#include "tools/gcnref/cli.h"

namespace gcn::cli {

int cmdSemantics(int argc, char** argv) {
  const Args a = parseArgs(argc, argv, 2, {"mcpu", "status"});
  if (a.has("help") || a.has("h")) {
    std::puts(
        "usage: gcnref semantics --mcpu=CPU [--status=exact|model|unsupported|all]\n"
        "  lists the rows of CPU the emulator does not run exactly (or those of one\n"
        "  status), with the model and bound or the reason, and counts each status");
    return 0;
  }
  Target t;
  if (!targetFromArgs(a, &t)) return 2;
  const std::string want = a.get("status", "");
  if (!want.empty() && want != "exact" && want != "model" && want != "unsupported" && want != "all") {
    std::fprintf(stderr, "gcnref semantics: --status must be exact, model, unsupported or all\n");
    return 2;
  }
  std::map<sem::SemStatus, int> count;
  std::set<std::string_view> seen;
  for (const InstDesc* d = instsBegin(); d != instsEnd(); ++d) {
    if (!t.has(*d) || !seen.insert(d->mnemonic).second) continue;
    const sem::SemStatusInfo s = sem::semStatus(*d);
    ++count[s.status];
    const bool show = want == "all" || want == sem::semStatusName(s.status) ||
                      (want.empty() && s.status != sem::SemStatus::EXACT);
    if (show)
      std::printf("%-40s %-11s %s\n", std::string(d->mnemonic).c_str(), sem::semStatusName(s.status),
                  s.note.c_str());
  }
  std::printf("%s: %d rows exact, %d by a stated model, %d unsupported\n",
              std::string(t.name).c_str(),
              count[sem::SemStatus::EXACT], count[sem::SemStatus::MODEL],
              count[sem::SemStatus::UNSUPPORTED]);
  return 0;
}

}  // namespace gcn::cli
