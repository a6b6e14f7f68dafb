#include "difftest/errata_match.h"

#include <cctype>
#include <set>

#include "difftest/tool.h"

namespace gcn::difftest {
namespace {

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = char(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

std::string stripSuffix(std::string m) {
  for (const char* suf : {"_e32", "_e64", "_sdwa", "_dpp"}) {
    std::string s(suf);
    if (m.size() > s.size() && m.compare(m.size() - s.size(), s.size(), s) == 0)
      return m.substr(0, m.size() - s.size());
  }
  return m;
}

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool containsWord(const std::string& hay, const std::string& w) {
  for (size_t p = hay.find(w); p != std::string::npos; p = hay.find(w, p + 1)) {
    bool l = p == 0 || !isWordChar(hay[p - 1]);
    bool r = p + w.size() >= hay.size() || !isWordChar(hay[p + w.size()]);
    if (l && r) return true;
  }
  return false;
}

// Tokens that tell this difference apart: in one text but not the other,
// and not a plain register or number (those name no rule).
std::set<std::string> distinctive(const Finding& f) {
  auto split = [](const std::string& s) {
    std::set<std::string> v;
    std::string cur;
    for (char c : normaliseText(s) + " ") {
      if (c == ' ' || c == ',' || c == '[' || c == ']' || c == ':' || c == '(' || c == ')' ||
          c == '|' || c == '-') {
        if (!cur.empty()) v.insert(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    return v;
  };
  std::set<std::string> a = split(f.ours_text), b = split(f.their_text), out;
  auto plain = [](const std::string& t) {
    if (t.size() < 3) return true;
    size_t i = (t[0] == 'v' || t[0] == 's') ? 1 : 0;
    if (t.compare(0, 2, "0x") == 0) return true;
    for (; i < t.size(); ++i)
      if (!std::isdigit(static_cast<unsigned char>(t[i])) && t[i] != '.') return false;
    return true;
  };
  for (const auto& t : b)
    if (!a.count(t) && !plain(t)) out.insert(t);
  for (const auto& t : a)
    if (!b.count(t) && !plain(t)) out.insert(t);
  return out;
}

}  // namespace

const Erratum* matchErratum(const Finding& f) {
  std::set<std::string> subjects;
  subjects.insert(lower(stripSuffix(f.mnemonic)));
  for (const FieldDiff& d : f.fields) {
    subjects.insert(lower(d.name));
    if (d.name == "mnemonic") {
      subjects.insert(lower(stripSuffix(d.ours)));
      subjects.insert(lower(stripSuffix(d.theirs)));
    }
  }
  if (!f.their_text.empty()) {
    std::string n = normaliseText(f.their_text);
    subjects.insert(stripSuffix(n.substr(0, n.find(' '))));
  }
  const Erratum* star = nullptr;
  std::set<std::string> tokens;
  bool have_tokens = false;
  for (const Erratum* e = errataBegin(); e != errataEnd(); ++e) {
    if (!(e->gens & genBit(f.gen))) continue;
    if (e->subject == "*") {
      if (star) continue;
      if (!have_tokens) tokens = distinctive(f), have_tokens = true;
      std::string text = lower(std::string(e->llvm) + " " + std::string(e->spec) + " " +
                               std::string(e->evidence));
      for (const std::string& t : tokens)
        if (containsWord(text, t)) {
          star = e;
          break;
        }
      continue;
    }
    if (subjects.count(lower(e->subject))) return e;
  }
  return star;
}

}  // namespace gcn::difftest
