#include "difftest/run.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>

#include "difftest/cause.h"
#include "difftest/clrx_text.h"
#include "difftest/compare.h"
#include "encoder/encoder.h"
#include "text/parser.h"
#include "difftest/errata_match.h"
#include "util/progress.h"

namespace gcn::difftest {
namespace {

// Inputs answered so far, counted by the worker threads into one
// progress line (util/progress.h).
struct InputProgress {
  gcn::Progress line;
  std::atomic<size_t> done{0};
  std::mutex mu;
  InputProgress(bool on, std::string what, size_t total) : line(std::move(what), total, on) {}
  void add(size_t n) {
    const size_t d = done += n;
    std::lock_guard<std::mutex> l(mu);
    line.update(d);
  }
};

// Runs `n` inputs in chunks of `batch` over `jobs` threads; each chunk is
// one worker process (more after a crash, see runRecovering).
std::vector<ToolAnswer> runParallel(size_t n, int batch, int jobs,
                                    const std::function<BatchRun(size_t, size_t, bool)>& run,
                                    long* procs, InputProgress* prog, ToolConfig::Stdout mode,
                                    std::atomic<bool>* lost_output) {
  std::vector<ToolAnswer> out(n);
  size_t chunks = (n + size_t(batch) - 1) / size_t(batch);
  std::atomic<size_t> next{0};
  std::atomic<long> nprocs{0};
  auto worker = [&]() {
    for (size_t c; (c = next++) < chunks;) {
      size_t lo = c * size_t(batch), hi = std::min(n, lo + size_t(batch));
      long p = 0;
      std::vector<ToolAnswer> a = runRecovering(
          hi - lo, [&](size_t a0, size_t a1, bool term) { return run(lo + a0, lo + a1, term); }, &p,
          mode, lost_output);
      for (size_t i = lo; i < hi; ++i) out[i] = std::move(a[i - lo]);
      nprocs += p;
      if (prog) prog->add(hi - lo);
    }
  };
  std::vector<std::thread> th;
  for (int j = 1; j < std::min<int>(jobs, int(chunks)); ++j) th.emplace_back(worker);
  worker();
  for (auto& x : th) x.join();
  *procs += nprocs;
  return out;
}

// llvm-mc prints some words it considers invalid, with a comment saying so
// ("/*Invalid register ...*/", "/* row_xmask is not supported ... */",
// "/* DP ALU dpp only supports row_newbcast */"); those are not words it
// decodes.
bool toolFlagsInvalid(std::string_view text) {
  std::string l;
  for (char c : text) l += char(std::tolower(static_cast<unsigned char>(c)));
  size_t c = l.find("/*");
  if (c == std::string::npos) return false;
  return l.find("invalid", c) != std::string::npos || l.find("not supported", c) != std::string::npos ||
         l.find("only supports", c) != std::string::npos;
}

// The tool's disassembly in gcnref's syntax, where the tool writes its own.
void readAnswers(const ToolConfig& c, std::vector<ToolAnswer>* answers) {
  if (c.syntax != "clrx") return;
  for (ToolAnswer& a : *answers)
    if (a.outcome == Outcome::ACCEPT) a.read_text = readClrxText(a.text, a.offset);
}

bool errataApply(const ToolConfig& c) { return c.profile.empty() || c.profile.rfind("llvm-mc", 0) == 0; }

bool wanted(const DiffOptions& o, Kind k) {
  if (isCrash(k) || isIllegalWord(k) || k == Kind::ENCODE_WE_REJECT) return true;
  if (isAcceptance(k)) return o.accept;
  if (k == Kind::ENCODE_MISMATCH) return o.encode;
  return o.decode;
}

}  // namespace

std::string_view statusName(Status s) {
  switch (s) {
    case Status::NEW: return "new";
    case Status::ERRATUM: return "erratum";
    case Status::CONVENTION: return "tool convention";
    case Status::TOOL_BUG: return "tool bug";
    case Status::ILLEGAL_WORD: return "illegal word";
  }
  return "?";
}

std::string CauseClass::resolution() const {
  return status == Status::NEW || status == Status::ILLEGAL_WORD ? std::string() : cause;
}

long DiffResult::causesWith(Status s) const {
  long n = 0;
  for (const CauseClass& c : causes) n += c.status == s;
  return n;
}

void groupCauses(DiffResult* res) {
  // A row of the errata or of the tool's profile is itself a root cause:
  // the findings it explains are one class whatever their computed causes.
  // The rest group by computed cause.
  std::map<std::string, CauseClass> by_key;
  for (size_t i = 0; i < res->classes.size(); ++i) {
    const FindingClass& f = res->classes[i];
    std::string key;
    Status st = Status::NEW;
    if (isIllegalWord(f.example.kind)) {
      key = "illegal " + f.cause;
      st = Status::ILLEGAL_WORD;
    } else if (f.erratum) {
      key = "erratum " + std::string(f.erratum->id);
      st = Status::ERRATUM;
    } else if (f.convention) {
      key = "profile " + std::string(f.convention->id);
      st = f.convention->finding == ConventionKind::TOOL_BUG    ? Status::TOOL_BUG
           : f.convention->finding == ConventionKind::SPEC_SIDE ? Status::ERRATUM
                                                                : Status::CONVENTION;
    } else {
      key = "new " + f.cause;
    }
    CauseClass& c = by_key[key];
    if (c.members.empty()) {
      c.status = st;
      c.cause = st == Status::NEW || st == Status::ILLEGAL_WORD ? f.cause
                : f.erratum ? std::string(f.erratum->id) : std::string(f.convention->id);
    }
    if (std::find(c.causes.begin(), c.causes.end(), f.cause) == c.causes.end()) c.causes.push_back(f.cause);
    c.count += f.count;
    c.members.push_back(i);
  }
  res->causes.clear();
  for (auto& [key, c] : by_key) {
    std::stable_sort(c.members.begin(), c.members.end(), [&](size_t a, size_t b) {
      return res->classes[a].count > res->classes[b].count;
    });
    res->causes.push_back(std::move(c));
  }
  std::stable_sort(res->causes.begin(), res->causes.end(), [](const CauseClass& a, const CauseClass& b) {
    if (a.status != b.status) return a.status < b.status;
    return a.count > b.count;
  });
}

DiffResult runDiff(const DiffOptions& o) {
  auto t0 = std::chrono::steady_clock::now();
  DiffResult res;
  res.cpu = std::string(o.target.name);
  res.tool = o.tool.name;
  toolDevice(o.tool, o.target, &res.device);
  res.disasm_cmd = o.tool.disasm_cmd;
  res.asm_cmd = o.tool.asm_cmd;
  res.gen = o.target.gen;
  const Target& t = o.target;
  std::vector<Input> inputs = generateInputs(t, o.inputs);
  std::map<std::string, FindingClass> classes;
  auto record = [&](Finding f) {
    nameEncoding(t, &f);
    FindingClass& c = classes[f.signature()];
    if (!c.count) {
      c.signature = f.signature();
      c.example = f;
    }
    ++c.count;
    ++c.by_origin[int(f.origin)];
  };
  const int batch = std::max(1, o.tool.batch);
  // Whether the tool loses a pipe's answers when it crashes (Stdout::AUTO).
  std::atomic<bool> lost_output{false};
  auto disasmRun = [&](const std::vector<Input>& ins, long* procs, InputProgress* p) {
    std::vector<ToolAnswer> a = runParallel(ins.size(), batch, o.jobs, [&](size_t lo, size_t hi, bool term) {
      std::vector<std::vector<uint8_t>> b;
      for (size_t i = lo; i < hi; ++i) b.push_back(ins[i].bytes);
      return disasmBatch(o.tool, t, b, term);
    }, procs, p, o.tool.stdout_mode, &lost_output);
    readAnswers(o.tool, &a);
    return a;
  };
  auto asmRun = [&](const std::vector<std::string>& lines, long* procs, InputProgress* p) {
    return runParallel(lines.size(), batch, o.jobs, [&](size_t lo, size_t hi, bool term) {
      return asmBatch(o.tool, t, std::vector<std::string>(lines.begin() + long(lo), lines.begin() + long(hi)),
                      term);
    }, procs, p, o.tool.stdout_mode, &lost_output);
  };
  // A probe first: a tool that cannot handle this target at all (llvm-mc
  // aborts on GFX6/7 --disassemble) is one note, not thousands of crashes.
  auto probe = [&](bool enc, std::string* why) {
    long p = 0;
    std::vector<ToolAnswer> a;
    if (enc) a = asmRun({"s_nop 0"}, &p, nullptr);
    else a = disasmRun({Input{{0x00, 0x00, 0x80, 0xbf}, Origin::STRUCTURED}}, &p, nullptr);
    if (a[0].outcome == Outcome::ACCEPT) return true;
    *why = std::string(outcomeName(a[0].outcome)) + " on " +
           (enc ? "'s_nop 0'" : "0x00,0x00,0x80,0xbf (s_nop 0)") +
           (a[0].message.empty() ? "" : ": " + a[0].message);
    return false;
  };
  if (o.progress)
    std::fprintf(stderr, "[%s] %zu inputs against %s\n", res.cpu.c_str(), inputs.size(), o.tool.name.c_str());

  if ((o.decode || o.accept) && o.tool.disasm_cmd.empty()) {
    res.decode.note = "the tool config has no disasm_cmd";
  } else if (o.decode || o.accept) {
    std::string why;
    if (!probe(false, &why)) {
      res.decode.note = "tool cannot disassemble for " + res.cpu + ": " + why;
    } else {
      res.decode.ran = true;
      InputProgress prog{o.progress, "  " + res.cpu + " decode inputs", inputs.size()};
      std::vector<ToolAnswer> ans = disasmRun(inputs, &res.decode.procs, &prog);
      for (size_t i = 0; i < inputs.size(); ++i) {
        Finding f;
        ++res.decode.inputs;
        switch (compareDecode(t, inputs[i], ans[i], &f)) {
          case Verdict::AGREE_ACCEPT:
            ++res.decode.agree_accept;
            res.decode.same_text += normaliseText(f.ours_text) == normaliseText(f.their_text);
            break;
          case Verdict::AGREE_REJECT: ++res.decode.agree_reject; break;
          case Verdict::LOST: ++res.decode.lost; break;
          case Verdict::DIFFER:
            ++res.decode.differ;
            res.decode.crashes += isCrash(f.kind);
            res.decode.they_reject += f.kind == Kind::DECODE_THEY_REJECT;
            res.decode.tool_flagged += !isCrash(f.kind) && f.kind != Kind::DECODE_THEY_REJECT &&
                                       toolFlagsInvalid(f.their_text);
            if (wanted(o, f.kind)) record(f);
        }
      }
      if (!o.tool.asm_cmd.empty()) {
        // The tool's own text (unless it marks it invalid), assembled by it
        // and by us.
        std::vector<size_t> idx;
        std::vector<std::string> texts;
        for (size_t i = 0; i < ans.size(); ++i)
          if (ans[i].outcome == Outcome::ACCEPT && !toolFlagsInvalid(ans[i].text)) {
            idx.push_back(i);
            texts.push_back(ans[i].text);
          }
        res.reasm.ran = true;
        res.reasm.texts = long(texts.size());
        std::vector<ToolAnswer> as = asmRun(texts, &res.reasm.procs, nullptr);
        for (size_t k = 0; k < texts.size(); ++k) {
          if (as[k].outcome != Outcome::ACCEPT) continue;
          ++res.reasm.tool_assembles;
          Finding f;
          const std::string& read = ans[idx[k]].read_text.empty() ? texts[k] : ans[idx[k]].read_text;
          if (compareReassembly(t, inputs[idx[k]], texts[k], read, as[k], &f)) {
            ++res.reasm.same;
            continue;
          }
          (f.kind == Kind::REASM_WE_REJECT ? res.reasm.we_reject : res.reasm.differ)++;
          record(f);
        }
      }
    }
  }
  if ((o.encode || o.accept) && o.tool.asm_cmd.empty()) {
    res.encode.note = "the tool config has no asm_cmd";
  } else if (o.encode || o.accept) {
    std::string why;
    if (!probe(true, &why)) {
      res.encode.note = "tool cannot assemble for " + res.cpu + ": " + why;
    } else {
      res.encode.ran = true;
      std::vector<Input> enc_inputs;
      std::vector<std::string> lines;
      for (const Input& in : inputs) {
        std::string l;
        if (!encodeLine(t, in, &l)) continue;
        enc_inputs.push_back(in);
        lines.push_back(l);
      }
      InputProgress prog{o.progress, "  " + res.cpu + " encode inputs", lines.size()};
      std::vector<ToolAnswer> ans = asmRun(lines, &res.encode.procs, &prog);
      for (size_t i = 0; i < lines.size(); ++i) {
        Finding f;
        ++res.encode.inputs;
        switch (compareEncode(t, enc_inputs[i], ans[i], &f)) {
          case Verdict::AGREE_ACCEPT: ++res.encode.agree_accept; break;
          case Verdict::AGREE_REJECT: ++res.encode.agree_reject; break;
          case Verdict::LOST: ++res.encode.lost; break;
          case Verdict::DIFFER:
            ++res.encode.differ;
            res.encode.crashes += isCrash(f.kind);
            res.encode.they_reject += f.kind == Kind::ENCODE_THEY_REJECT;
            if (wanted(o, f.kind)) record(f);
        }
      }
    }
  }
  for (auto& [sig, c] : classes) res.classes.push_back(std::move(c));
  if (o.minimise && !res.classes.empty()) {
    if (o.progress) std::fprintf(stderr, "  minimising %zu classes\n", res.classes.size());
    long procs = 0;
    minimiseClasses(t, &res.classes, [&](const std::vector<Input>& ins, bool enc) {
      if (!enc) return disasmRun(ins, &procs, nullptr);
      std::vector<std::string> lines;
      for (const Input& in : ins) {
        std::string l;
        encodeLine(t, in, &l);
        lines.push_back(l);
      }
      return asmRun(lines, &procs, nullptr);
    });
    res.decode.procs += procs;
  }
  for (FindingClass& c : res.classes) {
    nameEncoding(t, &c.example);  // a minimised example is a new word
    Finding probe_f = c.example;
    probe_f.fields.insert(probe_f.fields.end(), c.essential.begin(), c.essential.end());
    c.cause = causeOf(probe_f);
    if (isIllegalWord(c.example.kind)) continue;
    // The tool's own profile first: it names this tool's habits exactly,
    // where the errata table is about the spec against llvm-mc-16.
    c.convention = matchConvention(o.tool.profile, t.gen, probe_f.kind, encodingFamily(probe_f),
                                   causeDetail(probe_f), probe_f.mnemonic);
    // The errata record the spec against llvm-mc: they explain llvm-mc's
    // answers. Another tool siding with the spec says so in its profile
    // (SPEC_SIDE rows), so its findings are not matched to errata by name.
    if (!c.convention && errataApply(o.tool)) c.erratum = matchErratum(probe_f);
  }
  groupCauses(&res);
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res;
}

}  // namespace gcn::difftest
