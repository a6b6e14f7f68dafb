#include "text/assembler.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <utility>
#include <vector>

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

namespace {

// One source being assembled. Three passes: the lines split into labels and
// statements; each statement parsed with 0 for a label operand, which lays
// out the addresses (a branch's size does not depend on its offset); the
// branch offsets filled in from the labels' addresses.
class Assembly {
 public:
  Assembly(const Target& t, uint64_t base) : t_(t), base_(base) {}

  AsmResult run(std::string_view source) {
    splitLines(source);
    layOut();
    fillBranchOffsets();
    orderResult();
    return std::move(r_);
  }

 private:
  void diag(int line, size_t col0, bool error, std::string msg) {
    r_.diagnostics.push_back({line, int(col0) + 1, error, std::move(msg)});
  }

  // Lines -> labels and statements.
  void splitLines(std::string_view source) {
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
      const size_t i = takeLabels(s, line_no);
      if (i >= s.size()) continue;
      if (s[i] == '.') {
        directive(s.substr(i), line_no, i);
      } else {
        statement(s.substr(i), line_no, i);
      }
    }
  }

  // The `name:` labels that start line `s`; returns where the rest starts.
  size_t takeLabels(std::string_view s, int line_no) {
    size_t i = 0;
    for (;;) {
      while (i < s.size() && blank(s[i])) ++i;
      size_t j = i;
      while (j < s.size() && identChar(s[j])) ++j;
      if (j == i || j >= s.size() || s[j] != ':' || !identStart(s[i])) break;
      std::string name(s.substr(i, j - i));
      if (label_index_.count(name)) {
        diag(line_no, i, true, "label '" + name + "' is already defined");
      } else {
        label_index_.emplace(name, r_.labels.size());
        r_.labels.push_back({name, line_no, 0, pending_.size()});
      }
      i = j + 1;
    }
    return i;
  }

  // `.text` is the only section; any other directive is ignored, with one
  // warning for the whole source.
  void directive(std::string_view dir, int line_no, size_t col0) {
    size_t e = 0;
    while (e < dir.size() && !blank(dir[e])) ++e;
    if (dir.substr(0, e) != ".text" && !warned_directive_) {
      diag(line_no, col0, false, "assembler directives are ignored");
      warned_directive_ = true;
    }
  }

  // A statement, with its last operand kept apart when it may name a label.
  void statement(std::string_view text, int line_no, size_t col0) {
    Pending p{line_no, col0, std::string(text), 0, {}};
    size_t cut = p.text.find_last_of(" \t,");
    if (cut != std::string::npos && isIdent(std::string_view(p.text).substr(cut + 1))) {
      p.label_at = cut + 1;
      p.label = p.text.substr(cut + 1);
    }
    pending_.push_back(std::move(p));
  }

  static std::string withOffset(const Pending& p, long long off) {
    return p.text.substr(0, p.label_at) + std::to_string(off);
  }

  // Sizes and addresses, with 0 for every label offset.
  void layOut() {
    ok_.assign(pending_.size(), false);
    branch_.assign(pending_.size(), false);
    insts_.assign(pending_.size(), Inst{});
    pcs_.assign(pending_.size() + 1, 0);
    uint64_t pc = base_;
    for (size_t k = 0; k < pending_.size(); ++k) {
      pcs_[k] = pc;
      if (!parseStatement(k)) continue;
      ok_[k] = true;
      pc += insts_[k].size ? insts_[k].size : 4;
    }
    pcs_[pending_.size()] = pc;
    r_.end = pc;
    // A label's address: that of the next statement that assembled (an
    // errored line takes no room).
    for (AsmLabel& l : r_.labels) l.pc = pcs_[l.statement];
  }

  // Statement k into insts_[k]; branch_[k] where its last operand names a
  // label and the row takes a branch target there.
  bool parseStatement(size_t k) {
    const Pending& p = pending_[k];
    if (!p.label.empty()) {
      Inst probe;
      ParseError ignored;
      if (parseInst(t_, withOffset(p, 0), &probe, &ignored) && hasLabelOperand(probe)) {
        if (!label_index_.count(p.label)) {
          diag(p.line, p.col0 + p.label_at, true, "undefined label '" + p.label + "'");
          return false;
        }
        insts_[k] = probe;
        branch_[k] = true;
        return true;
      }
    }
    ParseError pe;
    Inst in;
    if (!parseInst(t_, p.text, &in, &pe)) {
      diag(p.line, p.col0 + size_t(pe.column > 0 ? pe.column - 1 : 0), true, pe.message);
      return false;
    }
    insts_[k] = in;
    return true;
  }

  // Branch offsets: dwords from the next instruction.
  void fillBranchOffsets() {
    for (size_t k = 0; k < pending_.size(); ++k) {
      if (!ok_[k]) continue;
      if (branch_[k] && !branchOffset(k)) continue;
      r_.code.push_back({pending_[k].line, pcs_[k], insts_[k]});
    }
  }

  bool branchOffset(size_t k) {
    const Pending& p = pending_[k];
    const uint64_t target = r_.labels[label_index_.find(p.label)->second].pc;
    const long long off = ((long long)target - (long long)(pcs_[k] + 4)) / 4;
    if (off < -32768 || off > 32767) {
      diag(p.line, p.col0 + p.label_at, true,
           "label '" + p.label + "' is " + std::to_string(off) +
               " dwords away; a branch reaches -32768..32767");
      return false;
    }
    ParseError pe;
    if (!parseInst(t_, withOffset(p, off), &insts_[k], &pe)) {
      diag(p.line, p.col0 + p.label_at, true, pe.message);
      return false;
    }
    return true;
  }

  // A label's statement: the first one that assembled at or after its
  // address (lines with errors are not in code); diagnostics in line order.
  void orderResult() {
    for (AsmLabel& l : r_.labels)
      l.statement = size_t(std::lower_bound(r_.code.begin(), r_.code.end(), l.pc,
                                            [](const AsmStatement& st, uint64_t pc) {
                                              return st.pc < pc;
                                            }) -
                           r_.code.begin());
    std::stable_sort(r_.diagnostics.begin(), r_.diagnostics.end(),
                     [](const AsmDiagnostic& a, const AsmDiagnostic& b) {
                       return a.line != b.line ? a.line < b.line : a.column < b.column;
                     });
  }

  const Target& t_;
  const uint64_t base_;
  AsmResult r_;
  std::vector<Pending> pending_;
  std::map<std::string, size_t, std::less<>> label_index_;  // -> r_.labels
  bool warned_directive_ = false;
  std::vector<bool> ok_, branch_;
  std::vector<Inst> insts_;
  std::vector<uint64_t> pcs_;
};

}  // namespace

AsmResult assemble(const Target& t, std::string_view source, uint64_t base) {
  return Assembly(t, base).run(source);
}

}  // namespace gcn
