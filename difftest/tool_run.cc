// Running a tool over a batch: building the input stream with sentinels,
// reading answers back per input, and recovering from crashes and hangs.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "difftest/tool.h"

namespace gcn::difftest {
namespace {

// s_nop 0xbcd: separates inputs in a stream, so answers can be assigned to
// inputs even though a disassembler may consume bytes across boundaries.
constexpr uint8_t kSentinel[4] = {0xcd, 0x0b, 0x80, 0xbf};
constexpr const char* kSentinelText = "s_nop 0xbcd";
constexpr int kHexPerLine = 16;

struct TempFile {
  std::string path;
  TempFile() {
    const char* d = std::getenv("TMPDIR");
    std::string p = std::string(d && *d ? d : "/tmp") + "/gcnref-diff-XXXXXX";
    std::vector<char> b(p.begin(), p.end());
    b.push_back(0);
    int fd = mkstemp(b.data());
    if (fd >= 0) {
      close(fd);
      path = b.data();
    }
  }
  ~TempFile() {
    if (!path.empty()) unlink(path.c_str());
  }
};

std::vector<std::string> splitCommand(const std::string& cmd) {
  std::vector<std::string> out;
  std::string cur;
  bool have = false;
  char quote = 0;
  for (char c : cmd) {
    if (quote) {
      if (c == quote) quote = 0;
      else cur += c;
    } else if (c == '"' || c == '\'') {
      quote = c;
      have = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (have || !cur.empty()) out.push_back(cur);
      cur.clear();
      have = false;
    } else {
      cur += c;
    }
  }
  if (have || !cur.empty()) out.push_back(cur);
  return out;
}

void replaceAll(std::string* s, const std::string& from, const std::string& to) {
  for (size_t p = 0; (p = s->find(from, p)) != std::string::npos; p += to.size())
    s->replace(p, from.size(), to);
}

// Runs a command template with `input`; stdout of the tool, or the
// {output} file when the template names one, ends up in res.out.
ProcResult runTemplate(const std::string& tmpl, const Target& t, const std::string& device,
                       const std::string& input, double timeout, bool stdout_terminal) {
  std::string gen(genName(t.gen));
  for (char& c : gen) c = char(std::tolower(static_cast<unsigned char>(c)));
  bool file_in = tmpl.find("{input}") != std::string::npos;
  bool file_out = tmpl.find("{output}") != std::string::npos;
  TempFile in, out;
  std::vector<std::string> argv = splitCommand(tmpl);
  for (std::string& a : argv) {
    replaceAll(&a, "{mcpu}", std::string(t.name));
    replaceAll(&a, "{device}", device);
    replaceAll(&a, "{gen}", gen);
    replaceAll(&a, "{input}", in.path);
    replaceAll(&a, "{output}", out.path);
  }
  if (file_in) {
    std::ofstream f(in.path, std::ios::binary);
    f << input;
  }
  ProcResult r = runProcess(argv, file_in ? std::string() : input, timeout,
                            stdout_terminal && !file_out);
  if (file_out && r.started) {
    std::ifstream f(out.path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    r.out = ss.str();
  }
  return r;
}

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> v;
  std::istringstream in(s);
  std::string l;
  while (std::getline(in, l)) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    v.push_back(l);
  }
  return v;
}

std::vector<uint8_t> parseEncoding(const std::string& line) {
  static const std::regex re(R"(encoding:\s*\[([^\]]*)\])");
  std::vector<uint8_t> b;
  std::smatch m;
  if (!std::regex_search(line, m, re)) return b;
  std::string s = m[1];
  for (size_t p = 0; p < s.size();) {
    size_t q = s.find(',', p);
    if (q == std::string::npos) q = s.size();
    std::string tok = s.substr(p, q - p);
    b.push_back(uint8_t(std::strtoul(tok.c_str(), nullptr, 0)));
    p = q + 1;
  }
  return b;
}

long parseNumber(const std::string& s) { return std::strtol(s.c_str(), nullptr, 0); }

std::string firstLine(const std::string& s) {
  for (const std::string& l : lines(s))
    if (!l.empty()) return l;
  return "";
}

// How a failed process ends an input's life when it is run alone.
void markFailure(BatchRun* r) {
  r->failed = true;
  r->failure = r->proc.timed_out ? Outcome::TIMEOUT : Outcome::CRASH;
  r->why = r->proc.describe();
  std::string fl = firstLine(r->proc.err);
  if (!fl.empty()) r->why += ": " + fl.substr(0, 200);
}

// "<stdin>:12:41: warning: invalid instruction encoding" -> the message;
// positions in our generated stream mean nothing to a reader.
std::string stripPosition(const std::string& l) {
  static const std::regex re(R"(^\S*:\d+:\d+: (?:warning: |error: )?)");
  return std::regex_replace(l, re, "");
}

}  // namespace

BatchRun disasmBatch(const ToolConfig& c, const Target& t,
                     const std::vector<std::vector<uint8_t>>& inputs, bool terminal) {
  BatchRun r;
  std::vector<uint8_t> stream;
  std::vector<size_t> starts;
  for (const auto& in : inputs) {
    starts.push_back(stream.size());
    stream.insert(stream.end(), in.begin(), in.end());
    for (int k = 0; k < 3; ++k) stream.insert(stream.end(), kSentinel, kSentinel + 4);
  }
  std::string text;
  if (c.disasm_input == "bin") {
    text.assign(stream.begin(), stream.end());
  } else {
    char buf[8];
    for (size_t i = 0; i < stream.size(); ++i) {
      std::snprintf(buf, sizeof buf, "0x%02x", stream[i]);
      text += buf;
      text += (i + 1) % kHexPerLine == 0 || i + 1 == stream.size() ? '\n' : ',';
    }
  }
  std::string device;
  toolDevice(c, t, &device);
  r.proc = runTemplate(c.disasm_cmd, t, device, text, c.timeout, terminal);
  r.answers.resize(inputs.size());
  if (!r.proc.started) {
    r.failed = true;
    r.failure = Outcome::LOST;
    r.why = r.proc.describe();
    return r;
  }
  // Byte offsets where the tool reported an invalid encoding.
  std::map<long, std::string> fails;
  if (!c.disasm_error_regex.empty() || !c.disasm_error_offset_regex.empty()) {
    std::regex lc(c.disasm_error_regex.empty() ? "$^" : c.disasm_error_regex);
    std::regex off(c.disasm_error_offset_regex.empty() ? "$^" : c.disasm_error_offset_regex);
    for (const std::string* src : {&r.proc.err, &r.proc.out})
      for (const std::string& l : lines(*src)) {
        std::smatch m;
        if (!c.disasm_error_regex.empty() && std::regex_search(l, m, lc) && m.size() >= 3)
          fails[(parseNumber(m[1]) - 1) * kHexPerLine + (parseNumber(m[2]) - 1) / 5] = stripPosition(l);
        else if (!c.disasm_error_offset_regex.empty() && std::regex_search(l, m, off) && m.size() >= 2)
          fails[parseNumber(m[1])] = stripPosition(l);
      }
  }
  struct Item {
    std::string text;
    std::vector<uint8_t> bytes;
  };
  std::regex line_re(c.disasm_line_regex);
  std::regex invalid_re(c.disasm_invalid_regex.empty() ? "$^" : c.disasm_invalid_regex);
  // Group outputs by runs of sentinels. A run of 3 closes one input; an
  // input that printed nothing merges two runs (4..6 close two), and up to
  // two sentinels may be swallowed by a neighbour's trailing bytes.
  std::vector<std::vector<Item>> groups;
  std::vector<Item> cur;
  int run = 0;
  auto closeRun = [&]() {
    int n = std::max(1, (run + 2) / 3);
    groups.push_back(std::move(cur));
    cur.clear();
    for (int k = 1; k < n; ++k) groups.emplace_back();
    run = 0;
  };
  for (const std::string& l : lines(r.proc.out)) {
    std::smatch m;
    if (!std::regex_search(l, m, line_re) || m.size() < 2) continue;
    std::string txt = m[1];
    while (!txt.empty() && std::isspace(static_cast<unsigned char>(txt.back()))) txt.pop_back();
    if (txt.empty() || txt[0] == '.') continue;
    if (normaliseText(txt) == kSentinelText) {
      ++run;
      continue;
    }
    if (run) closeRun();
    cur.push_back({txt, parseEncoding(l)});
  }
  if (run) closeRun();
  bool normal_exit = !r.proc.timed_out && !r.proc.signal;
  r.complete = std::min(groups.size(), inputs.size());
  for (size_t i = 0; i < r.complete; ++i) {
    ToolAnswer& a = r.answers[i];
    a.offset = long(starts[i]);
    auto f = fails.find(long(starts[i]));
    if (groups[i].empty() || f != fails.end() ||
        std::regex_search(groups[i][0].text, invalid_re)) {
      a.outcome = Outcome::REJECT;
      a.message = f != fails.end() ? f->second : groups[i].empty() ? "no output" : groups[i][0].text;
    } else {
      a.outcome = Outcome::ACCEPT;
      a.text = groups[i][0].text;
      a.bytes = groups[i][0].bytes;
    }
  }
  if (!normal_exit) {
    markFailure(&r);
  } else if (groups.size() != inputs.size()) {
    // Answers cannot be assigned safely; split and retry.
    r.failed = true;
    r.failure = Outcome::LOST;
    r.complete = 0;
    r.why = "output does not line up with the inputs (" + std::to_string(groups.size()) +
            " groups for " + std::to_string(inputs.size()) + " inputs)";
  }
  return r;
}

namespace {

BatchRun asmOnce(const ToolConfig& c, const Target& t, const std::vector<std::string>& in,
                 bool terminal) {
  BatchRun r;
  std::string text;
  for (const std::string& l : in) {
    for (char ch : l) text += (ch == '\n' || ch == '\r') ? ' ' : ch;
    text += '\n';
    text += kSentinelText;
    text += '\n';
  }
  std::string device;
  toolDevice(c, t, &device);
  r.proc = runTemplate(c.asm_cmd, t, device, text, c.timeout, terminal);
  r.answers.resize(in.size());
  if (!r.proc.started) {
    r.failed = true;
    r.failure = Outcome::LOST;
    r.why = r.proc.describe();
    return r;
  }
  if (r.proc.timed_out || r.proc.signal) {
    markFailure(&r);
  }
  std::map<size_t, std::string> errors;
  if (!c.asm_error_regex.empty()) {
    std::regex re(c.asm_error_regex);
    for (const std::string& l : lines(r.proc.err + "\n" + r.proc.out)) {
      std::smatch m;
      if (!std::regex_search(l, m, re) || m.size() < 2) continue;
      long ln = parseNumber(m[1]);
      if (ln >= 1 && (ln - 1) % 2 == 0 && !errors.count(size_t(ln - 1) / 2))
        errors[size_t(ln - 1) / 2] = m.size() >= 3 && m[2].length() ? std::string(m[2]) : stripPosition(l);
    }
  } else if (!r.failed && r.proc.exit_code != 0) {
    // Without per-line errors a failing batch says nothing per input.
    r.failed = true;
    r.failure = Outcome::REJECT;
    r.why = r.proc.describe() + ": " + firstLine(r.proc.err).substr(0, 200);
    return r;
  }
  std::vector<std::vector<uint8_t>> groups;
  std::vector<uint8_t> cur;
  if (c.asm_output == "bin") {
    const std::string& o = r.proc.out;
    for (size_t p = 0; p + 4 <= o.size(); p += 4) {
      if (!std::memcmp(o.data() + p, kSentinel, 4)) {
        groups.push_back(cur);
        cur.clear();
      } else {
        cur.insert(cur.end(), o.begin() + long(p), o.begin() + long(p) + 4);
      }
    }
  } else {
    for (const std::string& l : lines(r.proc.out)) {
      std::vector<uint8_t> b = parseEncoding(l);
      if (b.empty()) continue;
      if (b.size() == 4 && !std::memcmp(b.data(), kSentinel, 4)) {
        groups.push_back(cur);
        cur.clear();
      } else {
        cur.insert(cur.end(), b.begin(), b.end());
      }
    }
  }
  r.complete = std::min(groups.size(), in.size());
  for (size_t i = 0; i < r.complete; ++i) {
    ToolAnswer& a = r.answers[i];
    auto e = errors.find(i);
    if (e != errors.end() || groups[i].empty()) {
      a.outcome = Outcome::REJECT;
      a.message = e != errors.end() ? e->second : "no output";
    } else {
      a.outcome = Outcome::ACCEPT;
      a.bytes = groups[i];
    }
  }
  if (!r.failed && groups.size() != in.size()) {
    r.failed = true;
    r.failure = Outcome::LOST;
    r.complete = 0;
    r.why = "output does not line up with the inputs (" + std::to_string(groups.size()) +
            " answers for " + std::to_string(in.size()) + " inputs)";
    // The lines the tool named, for asmBatch's second run.
    for (const auto& [i, msg] : errors)
      if (i < in.size()) {
        r.answers[i].outcome = Outcome::REJECT;
        r.answers[i].message = msg;
      }
  }
  return r;
}

}  // namespace

// A tool that writes nothing when any line fails (asm_all_or_nothing)
// still names the failing lines: they are its answers, and one more run
// without them gives the rest, where bisecting would take a run per level.
BatchRun asmBatch(const ToolConfig& c, const Target& t, const std::vector<std::string>& in,
                  bool terminal) {
  BatchRun r = asmOnce(c, t, in, terminal);
  // LOST from a process that ran: its output did not line up (a crash or a
  // timeout is CRASH or TIMEOUT).
  if (!c.asm_all_or_nothing || !r.failed || r.failure != Outcome::LOST || !r.proc.started) return r;
  std::vector<size_t> rest;
  std::vector<std::string> rest_in;
  for (size_t i = 0; i < in.size(); ++i)
    if (r.answers[i].outcome != Outcome::REJECT) {
      rest.push_back(i);
      rest_in.push_back(in[i]);
    }
  if (rest.size() == in.size()) return r;  // no line named: bisect
  BatchRun second = rest_in.empty() ? BatchRun() : asmOnce(c, t, rest_in, terminal);
  if (second.failed) return r;
  for (size_t k = 0; k < rest.size(); ++k) r.answers[rest[k]] = std::move(second.answers[k]);
  r.failed = false;
  r.complete = in.size();
  r.why.clear();
  return r;
}

std::vector<ToolAnswer> runRecovering(size_t n, const std::function<BatchRun(size_t, size_t, bool)>& run,
                                      long* procs, ToolConfig::Stdout mode, std::atomic<bool>* lost_output) {
  using Stdout = ToolConfig::Stdout;
  std::vector<ToolAnswer> out(n);
  std::atomic<bool> lost_here{false};
  std::atomic<bool>* const lost = lost_output ? lost_output : &lost_here;
  std::function<void(size_t, size_t, bool)> go = [&](size_t lo, size_t hi, bool terminal) {
    if (lo >= hi) return;
    terminal = terminal || mode == Stdout::TERMINAL;
    BatchRun r = run(lo, hi, terminal);
    ++*procs;
    if (!r.failed) {
      for (size_t i = lo; i < hi; ++i) out[i] = std::move(r.answers[i - lo]);
      return;
    }
    if (hi - lo == 1) {
      out[lo].outcome = r.failure;
      out[lo].message = r.why;
      return;
    }
    if (!r.proc.started) {  // the tool cannot run at all: no point splitting
      for (size_t i = lo; i < hi; ++i) {
        out[i].outcome = Outcome::LOST;
        out[i].message = r.why;
      }
      return;
    }
    size_t k = std::min(r.complete, hi - lo);
    for (size_t i = lo; i < lo + k; ++i) out[i] = std::move(r.answers[i - lo]);
    const bool died = r.failure == Outcome::CRASH || r.failure == Outcome::TIMEOUT;
    if (died && mode == Stdout::AUTO && !terminal && lost->load()) {
      // The answers lost in the pipe's buffer were at most a buffer's worth:
      // on a terminal the tool runs from there to the input that kills it.
      go(lo + k, hi, true);
      return;
    }
    if (k > 0 || (died && mode != Stdout::PIPE)) {
      // The input right after the last complete answer is the suspect.
      go(lo + k, lo + k + 1, false);
      const Outcome o = out[lo + k].outcome;
      if (died && mode == Stdout::AUTO && !terminal && o != Outcome::CRASH && o != Outcome::TIMEOUT)
        *lost = true;
      go(lo + k + 1, hi, false);
    } else {
      size_t mid = lo + (hi - lo) / 2;
      go(lo, mid, false);
      go(mid, hi, false);
    }
  };
  go(0, n, false);
  return out;
}

}  // namespace gcn::difftest
