#include "difftest/errata_match.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>

#include "difftest/tool.h"
#include "text/parse_ctx.h"

namespace gcn::difftest {
namespace {

using parse::lower;


// Words of error messages and comments: they say nothing about which rule.
bool commonWord(const std::string& t) {
  static const std::set<std::string> k = {
      "register", "operand", "operands", "error", "invalid", "not", "available", "this", "gpu",
      "has", "class", "instruction", "encoding", "supported", "the", "for", "literal", "are",
      "warning", "unknown", "unexpected", "token", "expected", "and", "with", "variant"};
  return k.count(t) > 0;
}

std::set<std::string> split(const std::string& s) {
  std::set<std::string> v;
  std::string cur;
  for (char c : normaliseText(s) + " ") {
    if (std::string_view(" ,[]:()|-/*'\"").find(c) != std::string_view::npos) {
      if (!cur.empty()) v.insert(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  return v;
}

// Tokens that tell this difference apart: in one text but not the other,
// and not a plain register or number (those name no rule).
std::set<std::string> distinctive(const Finding& f) {
  std::set<std::string> a = split(f.ours_text), b = split(f.their_text), out;
  auto plain = [](const std::string& t) {
    if (t.size() < 3 || commonWord(t)) return true;
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

// Tokens of the sample texts a cross-cutting erratum quotes ('...'), which
// is where it shows the spelling it is about.
std::set<std::string> quotedTokens(const Erratum& e) {
  std::set<std::string> out;
  for (std::string_view col : {e.spec, e.llvm, e.evidence}) {
    std::string s(col);
    for (size_t a = s.find('\''); a != std::string::npos;) {
      size_t b = s.find('\'', a + 1);
      if (b == std::string::npos) break;
      std::set<std::string> t = split(s.substr(a + 1, b - a - 1));
      out.insert(t.begin(), t.end());
      a = s.find('\'', b + 1);
    }
  }
  return out;
}

}  // namespace

// Scores each erratum of the finding's generation; the best one at or
// above kMatch wins. Naming the instruction or the exact ENC.FIELD is a
// match; a cross-cutting row needs a quoted token of the difference; a row
// about another field of the same encoding counts only for a crash it says
// it causes (SDWA_SEL_7 covers SRC0_SEL/SRC1_SEL = 7 too).
const Erratum* matchErratum(const Finding& f) {
  constexpr int kMatch = 8;
  std::set<std::string> subjects, encs;
  subjects.insert(lower(mnemonicStem(f.mnemonic)));
  for (const FieldDiff& d : f.fields) {
    subjects.insert(lower(d.name));
    size_t dot = d.name.find('.');
    if (dot != std::string::npos) encs.insert(lower(d.name.substr(0, dot)));
    if (d.name == "mnemonic") {
      subjects.insert(lower(mnemonicStem(d.ours)));
      subjects.insert(lower(mnemonicStem(d.theirs)));
    }
  }
  if (!f.their_text.empty()) {
    std::string n = normaliseText(f.their_text);
    subjects.insert(mnemonicStem(n.substr(0, n.find(' '))));
  }
  // An SDWA/DPP word is about the extension dword's fields even when our
  // decoder rejects it and no field difference is known (llvm crashes).
  if (f.form == "sdwa" || f.form == "dpp") encs.insert(f.form);
  std::set<std::string> tokens = distinctive(f);
  const Erratum* best = nullptr;
  int best_score = kMatch - 1;
  // llvm-mc marks some words invalid itself, in a comment in its text.
  const bool llvm_says_invalid = f.their_text.find("/*Invalid") != std::string::npos ||
                                 f.their_text.find("/* Invalid") != std::string::npos ||
                                 f.their_text.find("/*invalid") != std::string::npos;
  for (const Erratum* e = errataBegin(); e != errataEnd(); ++e) {
    if (!(e->gens & genBit(f.gen))) continue;
    int score = 0;
    if (llvm_says_invalid && e->id == "LLVM_INVALID_COMMENT") score = 9;
    // A subject is one entry or a space-separated list: a mnemonic, a
    // mnemonic prefix ending in '*' ("tbuffer_*"), ENC.FIELD, ENC.FIELD=LO-HI,
    // or "*", each optionally restricted to one form with "@form".
    std::string all = lower(e->subject);
    size_t pos = 0;
    while (pos <= all.size()) {
      size_t sp = all.find(' ', pos);
      if (sp == std::string::npos) sp = all.size();
      std::string subj = all.substr(pos, sp - pos);
      pos = sp + 1;
      if (subj.empty()) continue;
      int sc = 0;
      // "mnemonic@form": the row is about that form only (e.g. @sdwa).
      if (size_t at = subj.find('@'); at != std::string::npos) {
        if (subj.substr(at + 1) != f.form) continue;
        subj.resize(at);
      }
      if (size_t eq = subj.find('='); eq != std::string::npos) {
        // "ENC.FIELD=LO-HI": a difference in that field with our value in
        // [LO, HI] (a field whose codes the row is about, e.g. the float
        // inline constants 240-248 of a source).
        const std::string name = subj.substr(0, eq);
        const std::string range = subj.substr(eq + 1);
        const size_t dash = range.find('-');
        const long lo = std::strtol(range.c_str(), nullptr, 10);
        const long hi = dash == std::string::npos ? lo : std::strtol(range.c_str() + dash + 1, nullptr, 10);
        for (const FieldDiff& d : f.fields) {
          if (lower(d.name) != name || d.ours.empty()) continue;
          const long v = std::strtol(d.ours.c_str(), nullptr, 10);
          if (v >= lo && v <= hi) sc = 10;
        }
      } else if (subj == "*") {
        std::set<std::string> quoted = quotedTokens(*e);
        for (const std::string& t : tokens)
          if (quoted.count(t)) sc = 9;
      } else if (subjects.count(subj)) {
        sc = 10;
      } else if (subj.size() > 1 && subj.back() == '*') {
        std::string prefix = subj.substr(0, subj.size() - 1);
        for (const std::string& m : subjects)
          if (m.compare(0, prefix.size(), prefix) == 0) sc = 9;
      } else if (subj.find('.') != std::string::npos &&
                 encs.count(subj.substr(0, subj.find('.')))) {
        sc = 4;
      }
      score = std::max(score, sc);
    }
    if (!score) continue;
    if (isCrash(f.kind)) {
      std::string l = lower(std::string(e->llvm) + " " + std::string(e->evidence));
      bool says = l.find("crash") != std::string::npos || l.find("segfault") != std::string::npos ||
                  l.find("abort") != std::string::npos;
      score += says ? 4 : -5;
    }
    if (score > best_score) {
      best_score = score;
      best = e;
    }
  }
  return best;
}

}  // namespace gcn::difftest
