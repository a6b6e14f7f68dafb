// gcnref corpus: generate and replay msgpack regression corpora
// (schema: corpus/README.md; library: regress/).
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "regress/codec.h"
#include "regress/generate.h"
#include "regress/replay.h"
#include "tools/gcnref/cli.h"

namespace gcn::cli {
namespace {

constexpr const char* kCorpusUsage =
    "usage: gcnref corpus gen --mcpu=CPU --out FILE.msgpack [--count N] [--seed S] [--forms F,...]\n"
    "       gcnref corpus check FILE.msgpack... [--max-report N]\n"
    "       gcnref corpus dump FILE.msgpack\n"
    "gen:   records for every table row of CPU (bytes, decoded fields, canonical text, and for\n"
    "       executable rows a random wave and the state the semantics leave); deterministic\n"
    "       for a seed. --forms keeps encodings (VOP3, DS, ...) or forms (E32, SDWA, ...).\n"
    "check: replays the records against this build (decoder, printer, assembler, semantics\n"
    "       on the fast and reference paths) and lists every mismatch.\n"
    "exit status: 0 ok, 1 mismatches, 2 usage error or unreadable corpus\n";

bool parseNum(const Args& a, const char* name, long def, long* out) {
  std::string v = a.get(name, std::to_string(def));
  char* end = nullptr;
  long n = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end || n < 0) {
    std::fprintf(stderr, "gcnref corpus: --%s needs a non-negative integer, got '%s'\n", name, v.c_str());
    return false;
  }
  *out = n;
  return true;
}

std::vector<std::string> splitCommas(const std::vector<std::string>& vals) {
  std::vector<std::string> out;
  for (const std::string& v : vals) {
    std::string cur;
    for (char ch : v + ",") {
      if (ch != ',') { cur += ch; continue; }
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    }
  }
  return out;
}

bool loadCorpus(const std::string& path, regress::Corpus* c) {
  std::string data, err;
  if (!readFile(path, &data, &err)) {
    std::fprintf(stderr, "gcnref corpus: %s\n", err.c_str());
    return false;
  }
  if (!regress::readCorpus(reinterpret_cast<const uint8_t*>(data.data()), data.size(), c, &err)) {
    std::fprintf(stderr, "gcnref corpus: %s: %s\n", path.c_str(), err.c_str());
    return false;
  }
  return true;
}

int gen(const Args& a) {
  if (!a.has("out")) {
    std::fprintf(stderr, "gcnref corpus gen: --out FILE.msgpack is required\n%s", kCorpusUsage);
    return 2;
  }
  Target t;
  if (!targetFromArgs(a, &t)) return 2;
  regress::GenOptions o;
  long count, seed;
  if (!parseNum(a, "count", o.count, &count) || !parseNum(a, "seed", 1, &seed)) return 2;
  o.count = count;
  o.seed = uint64_t(seed);
  o.forms = splitCommas(a.getAll("forms"));
  std::vector<regress::Record> recs;
  regress::GenStats st;
  std::string err;
  if (!regress::generate(t, o, &recs, &st, &err)) {
    std::fprintf(stderr, "gcnref corpus gen: %s\n", err.c_str());
    return 2;
  }
  regress::Header h;
  h.cpu = std::string(t.name);
  h.seed = o.seed;
  h.generator = "gcnref corpus gen --mcpu=" + h.cpu + " --count " + std::to_string(o.count) +
                " --seed " + std::to_string(o.seed);
  for (const std::string& f : o.forms) h.generator += " --forms " + f;
  const std::string bytes = regress::writeCorpus(h, recs);
  const std::string path = a.get("out"), tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary);
    f.write(bytes.data(), std::streamsize(bytes.size()));
    if (!f) {
      std::fprintf(stderr, "gcnref corpus gen: cannot write '%s'\n", tmp.c_str());
      return 2;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::fprintf(stderr, "gcnref corpus gen: cannot rename '%s' to '%s'\n", tmp.c_str(), path.c_str());
    return 2;
  }
  for (const std::string& w : st.warnings) std::fprintf(stderr, "gcnref corpus gen: warning: %s\n", w.c_str());
  std::printf("%s: %zu records (%ld with wave state) over %ld row/form pairs of %s, %zu bytes\n",
              path.c_str(), recs.size(), st.with_state, st.pairs, h.cpu.c_str(), bytes.size());
  return 0;
}

int check(const Args& a) {
  if (a.positional.size() < 2) {
    std::fprintf(stderr, "gcnref corpus check: FILE.msgpack is required\n%s", kCorpusUsage);
    return 2;
  }
  long max_report;
  if (!parseNum(a, "max-report", 50, &max_report)) return 2;
  int rc = 0;
  for (size_t fi = 1; fi < a.positional.size(); ++fi) {
    const std::string& path = a.positional[fi];
    regress::Corpus c;
    if (!loadCorpus(path, &c)) {
      rc = 2;
      continue;
    }
    regress::CheckSummary s = regress::checkCorpus(c);
    long shown = 0;
    for (const regress::Mismatch& m : s.mismatches) {
      if (shown++ >= max_report) break;
      const regress::Record& r = c.records[m.record];
      std::printf("%s: record %zu (byte offset %llu, '%s'): %s\n", path.c_str(), m.record,
                  (unsigned long long)c.offsets[m.record], r.reject.empty() ? r.text.c_str() : "<rejected>",
                  m.what.c_str());
    }
    if (long(s.mismatches.size()) > max_report)
      std::printf("%s: ... %zu more mismatches (--max-report)\n", path.c_str(), s.mismatches.size() - size_t(max_report));
    std::printf("%s: %s: %zu records (%zu with wave state), %zu mismatching records, %zu mismatches\n",
                path.c_str(), s.mismatches.empty() ? "OK" : "FAIL", s.records, s.with_state,
                s.failed_records, s.mismatches.size());
    if (!s.mismatches.empty() && rc == 0) rc = 1;
  }
  return rc;
}

int dump(const Args& a) {
  if (a.positional.size() != 2) {
    std::fprintf(stderr, "gcnref corpus dump: one FILE.msgpack is required\n%s", kCorpusUsage);
    return 2;
  }
  regress::Corpus c;
  if (!loadCorpus(a.positional[1], &c)) return 2;
  std::printf("# %s version %d, cpu %s, %zu records; %s\n", c.header.format.c_str(), c.header.version,
              c.header.cpu.c_str(), c.records.size(), c.header.generator.c_str());
  for (size_t i = 0; i < c.records.size(); ++i) {
    const regress::Record& r = c.records[i];
    std::string b;
    char buf[8];
    for (uint8_t x : r.bytes) { std::snprintf(buf, sizeof buf, "%02x", x); b += buf; }
    std::printf("%zu\t%s\t%s", i, b.c_str(), r.reject.empty() ? r.text.c_str() : ("reject " + r.reject).c_str());
    if (r.has_state)
      std::printf("\t; state: %zu sgprs %zu vgprs %zu regions in, %zu sgprs %zu vgprs %zu writes out",
                  r.in.s.size(), r.in.v.size(), r.in.regions.size(), r.out.s.size(), r.out.v.size(),
                  r.out.mem.size());
    if (!r.note.empty()) std::printf("\t; %s", r.note.c_str());
    std::printf("\n");
  }
  return 0;
}

}  // namespace

int cmdCorpus(int argc, char** argv) {
  Args a = parseArgs(argc, argv, 2, {"mcpu", "out", "count", "seed", "forms", "max-report"});
  if (a.has("help") || a.has("h") || a.positional.empty()) {
    std::fputs(kCorpusUsage, a.positional.empty() && !a.has("help") && !a.has("h") ? stderr : stdout);
    return a.positional.empty() && !a.has("help") && !a.has("h") ? 2 : 0;
  }
  const std::string& sub = a.positional[0];
  if (sub == "gen") {
    if (a.positional.size() != 1) {
      std::fprintf(stderr, "gcnref corpus gen: unexpected argument '%s'\n", a.positional[1].c_str());
      return 2;
    }
    return gen(a);
  }
  if (sub == "check") return check(a);
  if (sub == "dump") return dump(a);
  std::fprintf(stderr, "gcnref corpus: unknown subcommand '%s'\n%s", sub.c_str(), kCorpusUsage);
  return 2;
}

}  // namespace gcn::cli
