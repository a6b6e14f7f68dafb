// gcnref diff: the differential tester. Points gcnref at another assembler
// or disassembler and lists where it departs from the spec (our tables),
// grouped into classes and checked against the errata.
#include <cstdio>
#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

#include "isa/processors.h"
#include "difftest/report.h"
#include "difftest/run.h"
#include "regress/codec.h"
#include "regress/generate.h"
#include "tools/gcnref/cli.h"
#include "util/progress.h"

namespace gcn::cli {
namespace {

constexpr const char* kDiffUsage =
    "usage: gcnref diff --mcpu=CPU[,CPU..|all] --tool=TOOL [--count N] [--seed S] [--jobs J]\n"
    "                   [--report OUT.md] [--json OUT.json] [--direction decode,encode,accept]\n"
    "                   [--forms VOP3,SDWA,...] [--seed-corpus HEXFILE] [--timeout SECS]\n"
    "                   [--batch N] [--no-minimise] [--quiet] [--progress] [--corpus OUT.msgpack]\n"
    "                   [--by-instruction] [--findings OUT.md]\n"
    "  findings are grouped by root cause (kind, encoding, differing fields or reason), each\n"
    "  resolved as an erratum, a convention of the tool's profile (difftest/profiles/) or NEW;\n"
    "  --by-instruction adds the per-instruction classes to the --report; --findings writes the\n"
    "  causes the profile calls tool bugs, with one-line reproducers\n"
    "  progress lines go to stderr when it is a terminal (--progress: always, --quiet: never)\n"
    "TOOL: llvm-mc (llvm-mc-16), llvm-mc:PATH, clrx (tools/build_clrx.sh's build, else PATH),\n"
    "      clrx:DIR, or generic:CONFIG (see README.md, section gcnref diff)\n"
    "exit status: 0 no new disagreement class, 1 new classes found, 2 usage or tool error\n";

std::vector<std::string> splitList(const std::vector<std::string>& vals) {
  std::vector<std::string> out;
  for (const std::string& v : vals) {
    std::string cur;
    for (char c : v + ",") {
      if (c == ',') {
        if (!cur.empty()) out.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
  }
  return out;
}

bool parseCount(const Args& a, const char* name, long def, long* out) {
  std::string v = a.get(name, std::to_string(def));
  char* end = nullptr;
  long n = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end || n < 0) {
    std::fprintf(stderr, "gcnref diff: --%s needs a non-negative integer, got '%s'\n", name, v.c_str());
    return false;
  }
  *out = n;
  return true;
}

bool writeOut(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  if (!f) {
    std::fprintf(stderr, "gcnref diff: cannot write '%s'\n", path.c_str());
    return false;
  }
  return true;
}

// One regression record per finding class (its example's bytes as this
// build sees them, with a wave state when the row is executable), so
// `gcnref corpus check` pins our side of every disagreement down.
std::string findingsCorpus(const std::vector<difftest::DiffResult>& runs,
                           const std::vector<Target>& targets, const std::string& tool) {
  std::vector<regress::Record> recs;
  regress::GenStats st;
  std::mt19937_64 rng(1);
  for (size_t i = 0; i < runs.size() && i < targets.size(); ++i)
    for (const difftest::FindingClass& c : runs[i].classes) {
      const difftest::Finding& f = c.example;
      if (f.bytes.empty()) continue;
      regress::Record r = regress::recordFor(targets[i], f.bytes.data(),
                                             std::min<size_t>(f.bytes.size(), regress::kMaxInstBytes), &rng, &st);
      r.cpu = runs[i].cpu;
      r.note = "gcnref diff --tool=" + tool + ": " + c.signature + (c.erratum ? " (known: " + std::string(c.erratum->id) + ")" : c.convention ? " (convention: " + std::string(c.convention->id) + ")" : " (new)") +
               (f.their_text.empty() ? "" : "; theirs: '" + f.their_text + "'");
      recs.push_back(std::move(r));
    }
  regress::Header h;
  h.cpu = runs.empty() ? "gfx900" : runs[0].cpu;
  h.generator = "gcnref diff --tool=" + tool + " --corpus";
  return regress::writeCorpus(h, recs);
}

}  // namespace

int cmdDiff(int argc, char** argv) {
  Args a = parseArgs(argc, argv, 2,
                     {"mcpu", "tool", "count", "seed", "jobs", "report", "json", "corpus", "findings",
                      "direction", "forms", "seed-corpus", "timeout", "batch"});
  if (a.has("help") || a.has("h")) {
    std::fputs(kDiffUsage, stdout);
    return 0;
  }
  if (!a.positional.empty() || !a.has("tool")) {
    std::fprintf(stderr, "gcnref diff: %s\n%s",
                 a.has("tool") ? ("unexpected argument '" + a.positional[0] + "'").c_str()
                               : "--tool is required", kDiffUsage);
    return 2;
  }
  difftest::DiffOptions o;
  std::string err;
  if (!difftest::toolFromSpec(a.get("tool"), &o.tool, &err)) {
    std::fprintf(stderr, "gcnref diff: %s\n", err.c_str());
    return 2;
  }
  long count, seed, jobs, batch, timeout;
  if (!parseCount(a, "count", 20000, &count) || !parseCount(a, "seed", 1, &seed) ||
      !parseCount(a, "jobs", 1, &jobs) || !parseCount(a, "batch", o.tool.batch, &batch) ||
      !parseCount(a, "timeout", long(o.tool.timeout), &timeout))
    return 2;
  o.inputs.count = count;
  o.inputs.seed = uint64_t(seed);
  o.jobs = int(std::max(1L, jobs));
  o.tool.batch = int(std::max(1L, batch));
  o.tool.timeout = double(std::max(1L, timeout));
  o.minimise = !a.has("no-minimise");
  o.progress = progressWanted(a.has("quiet"), a.has("progress"));
  o.inputs.forms = splitList(a.getAll("forms"));
  if (!difftest::checkFormNames(o.inputs.forms, &err)) {
    std::fprintf(stderr, "gcnref diff: %s\n", err.c_str());
    return 2;
  }
  if (a.has("direction")) {
    o.decode = o.encode = o.accept = false;
    for (const std::string& d : splitList(a.getAll("direction"))) {
      if (d == "decode") o.decode = true;
      else if (d == "encode") o.encode = true;
      else if (d == "accept") o.accept = true;
      else {
        std::fprintf(stderr, "gcnref diff: unknown direction '%s' (decode, encode, accept)\n", d.c_str());
        return 2;
      }
    }
  }
  if (a.has("seed-corpus")) {
    std::string text;
    if (!readFile(a.get("seed-corpus"), &text, &err)) {
      std::fprintf(stderr, "gcnref diff: %s\n", err.c_str());
      return 2;
    }
    std::istringstream in(text);
    std::string line;
    for (int ln = 1; std::getline(in, line); ++ln) {
      std::vector<uint8_t> b;
      int col = 0;
      if (!parseHexLine(line, &b, &col)) {
        std::fprintf(stderr, "gcnref diff: %s:%d:%d: bad byte\n", a.get("seed-corpus").c_str(), ln, col);
        return 2;
      }
      if (!b.empty()) o.inputs.seed_corpus.push_back(b);
    }
  }
  std::vector<std::string> cpus = splitList({a.get("mcpu", "gfx900")});
  const bool all = cpus.size() == 1 && cpus[0] == "all";
  if (all) cpus.assign(std::begin(kInstructionSetCpus), std::end(kInstructionSetCpus));
  std::vector<Target> targets;
  for (const std::string& c : cpus) {
    Target t;
    if (!targetFromName(c, &t, &err)) {
      std::fprintf(stderr, "gcnref diff: %s\n", err.c_str());
      return 2;
    }
    std::string device;
    if (!difftest::toolDevice(o.tool, t, &device)) {
      // "all" runs what the tool knows; a processor named outright must run.
      std::fprintf(stderr, "gcnref diff: %s has no device for %s%s\n", o.tool.name.c_str(),
                   std::string(t.name).c_str(), all ? "; skipped" : "");
      if (all) continue;
      return 2;
    }
    targets.push_back(t);
  }
  std::vector<difftest::DiffResult> runs;
  for (const Target& t : targets) {
    o.target = t;
    runs.push_back(difftest::runDiff(o));
    const auto& r = runs.back();
    // A tool that never ran on any input is a tool error, not agreement.
    bool dead = (!r.decode.ran || r.decode.lost == r.decode.inputs) &&
                (!r.encode.ran || r.encode.lost == r.encode.inputs);
    if (dead && (r.decode.inputs || r.encode.inputs || (!r.decode.ran && !r.encode.ran))) {
      std::fputs(difftest::summaryText(runs).c_str(), stdout);
      std::fprintf(stderr, "gcnref diff: the tool did not run on %s (%s%s%s)\n", r.cpu.c_str(),
                   r.decode.note.c_str(), r.decode.note.empty() || r.encode.note.empty() ? "" : "; ",
                   r.encode.note.c_str());
      return 2;
    }
  }
  std::fputs(difftest::summaryText(runs).c_str(), stdout);
  if (a.has("report") && !writeOut(a.get("report"), difftest::markdownReport(runs, a.has("by-instruction")))) return 2;
  if (a.has("findings") && !writeOut(a.get("findings"), difftest::findingsReport(runs))) return 2;
  if (a.has("json") && !writeOut(a.get("json"), difftest::jsonReport(runs))) return 2;
  if (a.has("corpus") && !writeOut(a.get("corpus"), findingsCorpus(runs, targets, a.get("tool"))))
    return 2;
  for (const auto& r : runs)
    if (r.newFindings()) return 1;
  return 0;
}

}  // namespace gcn::cli
