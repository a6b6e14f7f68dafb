#include "text/assembler.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "text/parser.h"

namespace gcn {
namespace {

bool identStart(char c) { return std::isalpha((unsigned char)c) || c == '_' || c == '.' || c == '$'; }
bool identChar(char c) { return std::isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$'; }

bool isIdent(std::string_view s) {
  if (s.empty() || !identStart(s[0])) return false;
  for (char c : s)
    if (!identChar(c)) return false;
  return true;
}

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The line without its comment.
std::string_view uncommented(std::string_view line) {
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == ';' || c == '#' || (c == '/' && i + 1 < line.size() && line[i + 1] == '/'))
      return line.substr(0, i);
  }
  return line;
}

bool hasLabelOperand(const Inst& in) {
  const InstDesc& d = in.desc();
  for (int k = 0; k < d.num_operands; ++k)
    if (d.operand[k].type == OpType::label) return true;
  return false;
}

struct Pending {
  int line;
  size_t col0;          // 0-based column of the statement in its line
  std::string text;     // the statement, comment and trailing blanks cut
  size_t label_at = 0;  // where its last operand starts, if it names a label
  std::string label;    // that label ("" if none)
};

}  // namespace

size_t AsmResult::errors() const {
  size_t n = 0;
  for (const AsmDiagnostic& d : diagnostics) n += d.error;
  return n;
}

std::string_view sourceLine(std::string_view source, int line) {
  size_t start = 0;
  for (int l = 1; l < line; ++l) {
    size_t nl = source.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
  }
  size_t nl = source.find('\n', start);
  std::string_view s = source.substr(start, nl == std::string_view::npos ? source.npos : nl - start);
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  return s;
}

AsmResult assemble(const Target& t, std::string_view source, uint64_t base) {
  AsmResult r;
  auto diag = [&](int line, size_t col0, bool error, std::string msg) {
    r.diagnostics.push_back({line, int(col0) + 1, error, std::move(msg)});
  };

  // Lines -> labels and statements.
  std::vector<Pending> pending;
  std::map<std::string, size_t, std::less<>> label_index;  // -> r.labels
  bool warned_directive = false;
  size_t start = 0;
  int line_no = 0;
  while (start < source.size()) {
    size_t nl = source.find('\n', start);
    if (nl == std::string_view::npos) nl = source.size();
    const std::string_view line = source.substr(start, nl - start);
    start = nl + 1;
    ++line_no;
    std::string_view s = uncommented(line);
    while (!s.empty() && blank(s.back())) s.remove_suffix(1);
    size_t i = 0;
    for (;;) {
      while (i < s.size() && blank(s[i])) ++i;
      size_t j = i;
      while (j < s.size() && identChar(s[j])) ++j;
      if (j == i || j >= s.size() || s[j] != ':' || !identStart(s[i])) break;
      std::string name(s.substr(i, j - i));
      if (label_index.count(name)) {
        diag(line_no, i, true, "label '" + name + "' is already defined");
      } else {
        label_index.emplace(name, r.labels.size());
        r.labels.push_back({name, line_no, 0, pending.size()});
      }
      i = j + 1;
    }
    if (i >= s.size()) continue;
    if (s[i] == '.') {
      std::string_view dir = s.substr(i);
      size_t e = 0;
      while (e < dir.size() && !blank(dir[e])) ++e;
      if (dir.substr(0, e) != ".text" && !warned_directive) {
        diag(line_no, i, false, "assembler directives are ignored");
        warned_directive = true;
      }
      continue;
    }
    Pending p{line_no, i, std::string(s.substr(i)), 0, {}};
    size_t cut = p.text.find_last_of(" \t,");
    if (cut != std::string::npos && isIdent(std::string_view(p.text).substr(cut + 1))) {
      p.label_at = cut + 1;
      p.label = p.text.substr(cut + 1);
    }
    pending.push_back(std::move(p));
  }

  // Sizes and addresses, with 0 for every label offset.
  auto withOffset = [](const Pending& p, long long off) {
    return p.text.substr(0, p.label_at) + std::to_string(off);
  };
  std::vector<bool> ok(pending.size(), false), branch(pending.size(), false);
  std::vector<Inst> insts(pending.size());
  std::vector<uint64_t> pcs(pending.size() + 1);
  uint64_t pc = base;
  for (size_t k = 0; k < pending.size(); ++k) {
    const Pending& p = pending[k];
    pcs[k] = pc;
    ParseError pe;
    Inst in;
    bool parsed = false;
    if (!p.label.empty()) {
      // The last operand names a label where the row takes a branch target.
      Inst probe;
      ParseError ignored;
      if (parseInst(t, withOffset(p, 0), &probe, &ignored) && hasLabelOperand(probe)) {
        if (!label_index.count(p.label)) {
          diag(p.line, p.col0 + p.label_at, true, "undefined label '" + p.label + "'");
          continue;
        }
        in = probe;
        parsed = branch[k] = true;
      }
    }
    if (!parsed && !parseInst(t, p.text, &in, &pe)) {
      diag(p.line, p.col0 + size_t(pe.column > 0 ? pe.column - 1 : 0), true, pe.message);
      continue;
    }
    ok[k] = true;
    insts[k] = in;
    pc += in.size ? in.size : 4;
  }
  pcs[pending.size()] = pc;
  r.end = pc;
  // A label's address: that of the next statement that assembled (an
  // errored line takes no room).
  for (AsmLabel& l : r.labels) l.pc = pcs[l.statement];

  // Branch offsets: dwords from the next instruction.
  for (size_t k = 0; k < pending.size(); ++k) {
    if (!ok[k]) continue;
    const Pending& p = pending[k];
    if (branch[k]) {
      const uint64_t target = r.labels[label_index.find(p.label)->second].pc;
      const long long off = ((long long)target - (long long)(pcs[k] + 4)) / 4;
      if (off < -32768 || off > 32767) {
        diag(p.line, p.col0 + p.label_at, true,
             "label '" + p.label + "' is " + std::to_string(off) +
                 " dwords away; a branch reaches -32768..32767");
        continue;
      }
      ParseError pe;
      if (!parseInst(t, withOffset(p, off), &insts[k], &pe)) {
        diag(p.line, p.col0 + p.label_at, true, pe.message);
        continue;
      }
    }
    r.code.push_back({p.line, pcs[k], insts[k]});
  }
  // A label's statement: the first one that assembled at or after its
  // address (lines with errors are not in r.code).
  for (AsmLabel& l : r.labels)
    l.statement = size_t(std::lower_bound(r.code.begin(), r.code.end(), l.pc,
                                          [](const AsmStatement& st, uint64_t pc) {
                                            return st.pc < pc;
                                          }) -
                         r.code.begin());
  std::stable_sort(r.diagnostics.begin(), r.diagnostics.end(),
                   [](const AsmDiagnostic& a, const AsmDiagnostic& b) {
                     return a.line != b.line ? a.line < b.line : a.column < b.column;
                   });
  return r;
}

}  // namespace gcn
