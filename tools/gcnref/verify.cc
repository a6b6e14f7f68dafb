// gcnref verify: the main job. For every table row of every generation,
// over its operand and modifier space: decode, print, parse back, encode,
// and check the round trips. Prints progress and a summary per generation
// and encoding; exits non-zero on any failure.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "isa/processors.h"
#include "decoder/decoder.h"
#include "text/printer.h"
#include "difftest/report.h"
#include "difftest/run.h"
#include "dispatch/cl_suite.h"
#include "dispatch/kernel_suite.h"
#include "encoder/encoder.h"
#include "text/parser.h"
#include "space/inst_space.h"
#include "space/lossy_text.h"
#include "space/text_space.h"
#include "tools/gcnref/cli.h"
#include "util/progress.h"
#include "util/hex_bytes.h"

namespace gcn::cli {
namespace {

struct Tally {
  int rows = 0;
  long instances = 0, pass = 0, fail = 0;
  long illegal = 0;  // decodable (as llvm-mc does) but illegal, e.g. constant bus
  long lossy = 0;    // llvm's syntax cannot tell the encoding apart (lossy_text.cc)
  std::vector<std::string> examples;
};

// encode(i) into enc[16] (*n bytes) and decode(encode(i)) == i; returns ""
// or a description of the failure.
std::string checkEncodeDecode(const Target& t, const Inst& inst, uint8_t* enc, size_t* n) {
  std::string err;
  *n = encodeInst(t, inst, enc, &err);
  if (!*n) return "encode(decode(b)) failed: " + err;
  Inst again;
  DecodeResult r = decode(t, enc, *n, &again);
  if (!r.ok() || again != inst)
    return "decode(encode(i)) != i: " + debugString(inst) + " vs " +
           (r.ok() ? debugString(again) : explainDecodeError(t, enc, *n, r));
  return "";
}

// Checks one decoded instance; returns "" or a description of the failure.
std::string checkInstance(const Target& t, const uint8_t* bytes, const Inst& inst) {
  uint8_t enc[16];
  size_t n = 0;
  if (std::string why = checkEncodeDecode(t, inst, enc, &n); !why.empty()) return why;
  std::string err;
  // Words that decode but break an assembler rule (the constant-bus limit)
  // cannot round-trip through text: the assembler must refuse them.
  if (!validateInst(t, inst).empty()) {
    Inst parsed;
    ParseError pe;
    if (parseInst(t, printInst(inst), &parsed, &pe))
      return "parser accepted an illegal instruction: [" + printInst(inst) + "] (" +
             validateInst(t, inst) + ")";
    return "illegal";
  }
  std::string text = printInst(inst);
  Inst parsed;
  ParseError pe;
  if (!parseInst(t, text, &parsed, &pe))
    return "parse(print(i)) failed at column " + std::to_string(pe.column) + ": " + pe.message +
           " [" + text + "]";
  uint8_t enc2[16];
  size_t n2 = encodeInst(t, parsed, enc2, &err);
  if (!n2) return "encode(parse(print(i))) failed: " + err + " [" + text + "]";
  if ((n2 != n || std::memcmp(enc, enc2, n)) && lossyTextErratum(t, inst, text, parsed))
    return "lossy";
  if (n2 != n || std::memcmp(enc, enc2, n))
    return "encode(parse(print(decode(b)))) != encode(decode(b)): [" + text + "] " +
           hexBytes(enc, n) + " vs " + hexBytes(enc2, n2) + " (" + printInst(parsed) + ")";
  (void)bytes;
  return "";
}

struct WordTally {
  long words = 0, decoded = 0, fixpoint = 0, fail = 0;
  std::vector<std::string> examples;
};

// Random words (not instances of rows): every one must decode or be refused
// with a reason, and a decoded one must reach a decode->encode->decode
// fixpoint in one step: decode(encode(decode(b))) == decode(b), and encoding
// that again gives the same bytes. The text is printed too (no crash).
void checkRandomWords(const Target& t, long n, std::mt19937_64& rng, int max_examples,
                      WordTally* w) {
  for (long i = 0; i < n; ++i) {
    uint8_t b[16];
    for (int k = 0; k < 16; k += 8) {
      uint64_t r = rng();
      std::memcpy(b + k, &r, 8);
    }
    ++w->words;
    Inst inst;
    DecodeResult r = decode(t, b, sizeof b, &inst);
    if (!r.ok()) continue;
    ++w->decoded;
    (void)printInst(inst);
    uint8_t e1[16], e2[16];
    size_t n1 = 0;
    std::string why = checkEncodeDecode(t, inst, e1, &n1);
    if (why.empty()) {
      // decode(e1) == inst, so encoding inst again must give e1 again.
      std::string err;
      size_t n2 = encodeInst(t, inst, e2, &err);
      if (n2 != n1 || std::memcmp(e1, e2, n1))
        why = "encode is not a fixpoint: " + hexBytes(e1, n1) + " vs " + hexBytes(e2, n2);
    }
    if (why.empty()) {
      ++w->fixpoint;
    } else {
      ++w->fail;
      if (int(w->examples.size()) < max_examples)
        w->examples.push_back(hexBytes(b, r.size) + ": " + why);
    }
  }
}

struct TextTally {
  long texts = 0, accepted = 0, lossy = 0, fail = 0;
  std::vector<std::string> examples;
};

// From text: every row and form, its source operands spelt as every inline
// constant and some literals; each text the parser accepts must encode,
// decode back to the parsed instruction and print as text that parses to
// it again (checkTextRoundTrip).
void checkSourceTexts(const Target& t, int instances, std::mt19937_64& rng, int max_examples,
                      TextTally* w) {
  for (int id = 0; id < numInsts(); ++id) {
    const InstDesc& d = instDesc(id);
    if (!t.has(d)) continue;
    for (Form f : formsOf(t, d))
      forEachSourceText(t, id, f, instances, rng, [&](const std::string& text) {
        ++w->texts;
        std::string why;
        switch (checkTextRoundTrip(t, text, &why)) {
          case TextVerdict::REJECTED: break;
          case TextVerdict::HOLDS: ++w->accepted; break;
          case TextVerdict::LOSSY: ++w->accepted; ++w->lossy; break;
          case TextVerdict::FAILS:
            ++w->accepted;
            ++w->fail;
            if (int(w->examples.size()) < max_examples) w->examples.push_back(why);
            break;
        }
      });
  }
}

}  // namespace

int cmdVerify(int argc, char** argv) {
  Args a = parseArgs(argc, argv, 2, {"mcpu", "per-field", "random", "seed", "examples", "kernels",
                                            "words", "texts"});
  std::vector<std::string> cpus;
  std::string m = a.get("mcpu", "all");
  if (m == "all") cpus.assign(std::begin(kInstructionSetCpus), std::end(kInstructionSetCpus));
  else cpus = {m};
  int per_field = std::stoi(a.get("per-field", "64"));
  int random = std::stoi(a.get("random", "16"));
  int max_examples = std::stoi(a.get("examples", "3"));
  // 10^6 random words in all, split over the CPUs checked.
  long words = std::stol(a.get("words", std::to_string(1000000 / cpus.size())));
  // Instances per row and form whose sources the text stage respells.
  int text_instances = std::stoi(a.get("texts", "2"));
  std::mt19937_64 rng(std::stoull(a.get("seed", "1")));
  const bool show_progress = progressWanted(a.has("quiet"), a.has("progress"));
  auto t0 = std::chrono::steady_clock::now();
  bool any_fail = false;
  long total = 0, total_texts = 0;
  for (const std::string& cpu : cpus) {
    Target t;
    std::string err;
    if (!targetFromName(cpu, &t, &err)) {
      std::fprintf(stderr, "gcnref: %s\n", err.c_str());
      return 2;
    }
    std::map<std::string, Tally> tally;  // by encoding/form
    int rows = 0;
    for (int id = 0; id < numInsts(); ++id) rows += t.has(instDesc(id));
    int done = 0;
    Progress progress("[" + cpu + "] rows", uint64_t(rows), show_progress);
    std::vector<std::string> uncovered;
    for (int id = 0; id < numInsts(); ++id) {
      const InstDesc& d = instDesc(id);
      if (!t.has(d)) continue;
      ++done;
      long row_instances = 0;
      std::vector<std::string> empty_forms;
      for (Form f : formsOf(t, d)) {
        const long before = row_instances;
        std::string key = std::string(encName(d.enc)) +
                          (f == Form::NATIVE ? "" : "/" + std::string(formName(f)));
        Tally& ta = tally[key];
        ++ta.rows;
        forEachCandidate(t, id, f, per_field, random, rng, [&](const Candidate& c) {
          Inst inst;
          DecodeResult r = decode(t, c.bytes, c.len, &inst);
          if (!r.ok() || inst.id != id || inst.form != f) return;
          ++ta.instances;
          ++row_instances;
          std::string why = checkInstance(t, c.bytes, inst);
          if (why == "illegal") {
            ++ta.illegal;
          } else if (why == "lossy") {
            ++ta.lossy;
          } else if (why.empty()) {
            ++ta.pass;
          } else {
            ++ta.fail;
            if (int(ta.examples.size()) < max_examples)
              ta.examples.push_back(hexBytes(c.bytes, inst.size) + ": " + why);
          }
        });
        if (row_instances == before) empty_forms.push_back(std::string(formName(f)));
      }
      // A row or a form of it that no candidate decodes to is a table,
      // decoder or candidate-generator bug: the form goes unchecked.
      if (!row_instances) {
        uncovered.push_back(std::string(d.mnemonic));
      } else {
        for (const std::string& f : empty_forms) uncovered.push_back(std::string(d.mnemonic) + ":" + f);
      }
      progress.update(uint64_t(done));
    }
    progress.finish();
    std::printf("\n%s (%s)\n", cpu.c_str(), std::string(genName(t.gen)).c_str());
    std::printf("  %-16s %6s %10s %10s %8s %8s %8s\n", "encoding/form", "rows", "instances",
                "pass", "illegal", "lossy", "fail");
    Tally sum;
    for (auto& [k, v] : tally) {
      std::printf("  %-16s %6d %10ld %10ld %8ld %8ld %8ld\n", k.c_str(), v.rows, v.instances,
                  v.pass, v.illegal, v.lossy, v.fail);
      sum.rows += v.rows;
      sum.instances += v.instances;
      sum.pass += v.pass;
      sum.fail += v.fail;
      sum.illegal += v.illegal;
      sum.lossy += v.lossy;
    }
    std::printf("  %-16s %6d %10ld %10ld %8ld %8ld %8ld\n", "total", sum.rows, sum.instances,
                sum.pass, sum.illegal, sum.lossy,
                sum.fail);
    for (auto& [k, v] : tally)
      for (auto& e : v.examples) std::printf("  FAIL %s: %s\n", k.c_str(), e.c_str());
    if (!uncovered.empty()) {
      std::printf("  UNCOVERED rows and row:forms (no candidate decodes to them): %zu:",
                  uncovered.size());
      for (auto& u : uncovered) std::printf(" %s", u.c_str());
      std::printf("\n");
      any_fail = true;
    }
    total += sum.instances;
    if (sum.fail) any_fail = true;
    WordTally w;
    checkRandomWords(t, words, rng, max_examples, &w);
    std::printf("  random words: %ld, %ld decode, %ld reach the decode->encode->decode fixpoint, "
                "%ld fail\n", w.words, w.decoded, w.fixpoint, w.fail);
    for (auto& e : w.examples) std::printf("  FAIL random word %s\n", e.c_str());
    if (w.fail) any_fail = true;
    TextTally tt;
    checkSourceTexts(t, text_instances, rng, max_examples, &tt);
    std::printf("  assembler texts: %ld, %ld accepted by the parser, %ld hold text->bytes->text "
                "(%ld through a reviewed lossy spelling), %ld fail\n",
                tt.texts, tt.accepted, tt.accepted - tt.fail, tt.lossy, tt.fail);
    for (auto& e : tt.examples) std::printf("  FAIL text %s\n", e.c_str());
    if (tt.fail) any_fail = true;
    total_texts += tt.accepted;
  }
  // The bounded differential against llvm-mc-16 (gcnref diff); new
  // (un-errata'd) disagreement classes fail verify like a broken round trip.
  bool diff_fail = false;
  if (a.has("no-diff")) {
    std::printf("\ndifferential: skipped (--no-diff)\n");
  } else if (!difftest::programExists("llvm-mc-16")) {
    std::printf("\ndifferential: llvm-mc-16 is not installed, skipped (apt install llvm-16)\n");
  } else {
    std::vector<difftest::DiffResult> runs;
    for (const std::string& cpu : cpus) {
      difftest::DiffOptions o;
      std::string err;
      difftest::toolFromSpec("llvm-mc", &o.tool, &err);
      targetFromName(cpu, &o.target, &err);
      o.inputs.count = 4000;
      o.inputs.seed = std::stoull(a.get("seed", "1"));
      o.progress = false;
      runs.push_back(difftest::runDiff(o));
      diff_fail |= runs.back().newFindings() > 0;
    }
    std::printf("\ndifferential against llvm-mc-16 (gcnref diff --count 4000):\n%s",
                difftest::summaryText(runs).c_str());
  }
  // The kernel suite: corpus kernels dispatched on the emulator vs their
  // host references (dispatch/kernel_suite.h).
  bool kernel_fail = false;
  const std::string kdir = dispatch::findKernelDir(a.get("kernels"));
  if (a.has("no-kernels")) {
    std::printf("\nkernel suite: skipped (--no-kernels)\n");
  } else if (kdir.empty()) {
    std::printf("\nkernel suite: corpus/kernels not found (run from the workspace or pass "
                "--kernels=DIR), skipped\n");
  } else {
    std::printf("\nkernel suite (%s):\n", kdir.c_str());
    const auto res = dispatch::runKernelSuite(kdir, {}, stdout);
    size_t pass = 0;
    for (const auto& r : res) pass += r.pass;
    std::printf("  %zu/%zu kernel runs match the host reference\n", pass, res.size());
    kernel_fail = pass != res.size();
    // The OpenCL binaries of the AMD and Gallium stacks (dispatch/cl_suite.h).
    const std::string cdir = dispatch::findClDir("");
    if (cdir.empty()) {
      std::printf("\nOpenCL binary suite: corpus/opencl not found, skipped\n");
    } else {
      std::printf("\nOpenCL binary suite (%s):\n", cdir.c_str());
      const auto cres = dispatch::runClSuite(cdir, {}, stdout);
      size_t cpass = 0;
      for (const auto& r : cres) cpass += r.pass;
      std::printf("  %zu/%zu binary runs match the host reference\n", cpass, cres.size());
      kernel_fail |= cpass != cres.size();
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("\nverify: %ld instances and %ld assembler texts checked in %.1f s: %s%s%s\n",
              total, total_texts, secs,
              any_fail ? "FAILURES" : "all round trips hold",
              diff_fail ? "; NEW disagreements with llvm-mc-16" : "",
              kernel_fail ? "; kernel suite FAILURES" : "");
  return any_fail || diff_fail || kernel_fail ? 1 : 0;
}

}  // namespace gcn::cli
