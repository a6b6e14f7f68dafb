// LLVM assembler syntax -> Inst. Table driven: the row's operand list (in
// LLVM's printed order) says what each operand may be; the encoding family
// says which trailing modifiers exist. Two phases: the line is first split
// into operand items and modifiers (syntax only, parse_lexer.cc), then each
// candidate row and form is tried (parse_inst.cc), the first that assembles
// (and passes validateInst) wins. This file holds the choice: which rows a
// mnemonic names, in which forms and order they are tried, and which
// failure is reported when none assembles.
#include "text/parser.h"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "decoder/decoder.h"
#include "encoder/encoder.h"
#include "isa/aliases.h"
#include "isa/index.h"
#include "text/parse_ctx.h"
#include "text/syntax.h"

namespace gcn {
namespace {

using parse::Item;
using parse::Mod;
using parse::Syntax;

// A row to try, in the form a suffix forces, or (NATIVE, !forced) in the
// forms its modifiers ask for.
struct Candidate {
  int id;
  Form form;  // forced form or NATIVE (= choose)
  bool forced;
};

struct Suffix {
  const char* s;
  Form f;
};
constexpr Suffix kSuffixes[] = {
    {"_e32", Form::E32}, {"_e64", Form::E64}, {"_sdwa", Form::SDWA}, {"_dpp", Form::DPP}};

// Row ids by mnemonic: the parser's look-up of a line's rows, instead of a
// walk over every row per line.
const std::unordered_map<std::string_view, std::vector<int>>& rowsByMnemonic() {
  static const std::unordered_map<std::string_view, std::vector<int>> idx = [] {
    std::unordered_map<std::string_view, std::vector<int>> m;
    for (int id = 0; id < numInsts(); ++id) m[instDesc(id).mnemonic].push_back(id);
    return m;
  }();
  return idx;
}

// `mn` less the form suffix `sfx` (false when it does not end so).
bool withoutSuffix(std::string_view mn, const char* sfx, std::string_view* base) {
  const size_t n = std::strlen(sfx);
  if (mn.size() <= n || mn.compare(mn.size() - n, n, sfx) != 0) return false;
  *base = mn.substr(0, mn.size() - n);
  return true;
}

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

bool hasModWhere(const Syntax& s, bool (*pred)(std::string_view)) {
  for (const Mod& m : s.mods)
    if (pred(m.name)) return true;
  return false;
}

bool hasSext(const Syntax& s) {
  for (const Item& it : s.items)
    if (it.sext) return true;
  return false;
}

bool fail(ParseError* err, size_t at, const char* msg) {
  err->column = int(at) + 1;
  err->message = msg;
  return false;
}

// The line without its comment and trailing blanks.
std::string_view statementText(std::string_view line) {
  size_t cut = line.size();
  for (size_t i = 0; i < line.size(); ++i) {
    char ch = line[i];
    if (ch == ';' || ch == '#' || (ch == '/' && i + 1 < line.size() && line[i + 1] == '/')) {
      cut = i;
      break;
    }
  }
  std::string_view s = line.substr(0, cut);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

// The mnemonic (lower case) and its 0-based start; *end: where the operands
// start.
bool readMnemonic(std::string_view s, std::string* mn, size_t* start, size_t* end, ParseError* err) {
  size_t p = 0;
  while (p < s.size() && (s[p] == ' ' || s[p] == '\t')) ++p;
  if (p >= s.size()) return fail(err, p, "expected an instruction");
  const size_t ms = p;
  while (p < s.size() && (parse::identChar(s[p]))) ++p;
  if (p == ms) return fail(err, ms, "expected an instruction mnemonic");
  *mn = parse::lower(s.substr(ms, p - ms));
  if (p < s.size() && !(s[p] == ' ' || s[p] == '\t'))
    return fail(err, p, "unexpected character after the mnemonic");
  *start = ms;
  *end = p;
  return true;
}

// The rows named mn, or mn less a form suffix, in table order.
std::vector<int> rowsNamed(const std::string& mn) {
  std::vector<int> ids;
  auto addRows = [&](std::string_view name) {
    const auto& idx = rowsByMnemonic();
    auto it = idx.find(name);
    if (it != idx.end()) ids.insert(ids.end(), it->second.begin(), it->second.end());
  };
  addRows(mn);
  std::string_view base;
  for (const Suffix& x : kSuffixes)
    if (withoutSuffix(mn, x.s, &base)) addRows(base);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

// Row `id` named with a form suffix, where the row has that form.
void addForcedCandidate(const InstDesc& d, Gen g, int id, Form forced, std::vector<Candidate>* cands) {
  if (isVopShort(d.enc)) {
    if (forced == Form::E64 && (d.flags & F_NO_E64)) return;
    if ((forced == Form::SDWA && (d.flags & F_NO_SDWA)) || (forced == Form::DPP && !hasDppForm(d, g))) return;
    cands->push_back({id, forced, true});
  } else if (forced == Form::E64 && (d.enc == Enc::VOP3 || d.enc == Enc::VOP3B || d.enc == Enc::VOP3P)) {
    cands->push_back({id, Form::NATIVE, true});
  } else if (forced == Form::E32 && d.enc == Enc::VINTRP) {
    cands->push_back({id, Form::NATIVE, true});  // llvm prints VINTRP as _e32 on GFX8/9
  }
}

// The target's rows that mn names, by name or with a form suffix.
// *exists_elsewhere: a row of that name exists on another target.
std::vector<Candidate> candidatesNamed(const Target& t, const std::string& mn, bool* exists_elsewhere) {
  std::vector<Candidate> cands;
  for (int id : rowsNamed(mn)) {
    const InstDesc& d = instDesc(id);
    bool name_match = d.mnemonic == mn;
    Form forced = Form::NATIVE;
    bool fmatch = false;
    std::string_view base;
    for (const Suffix& x : kSuffixes) {
      if (withoutSuffix(mn, x.s, &base) && d.mnemonic == base) {
        forced = x.f;
        fmatch = true;
      }
    }
    if (!name_match && !fmatch) continue;
    if (!t.has(d)) {
      *exists_elsewhere = true;
      continue;
    }
    if (name_match) cands.push_back({id, Form::NATIVE, false});
    else addForcedCandidate(d, t.gen, id, forced, &cands);
  }
  return cands;
}

// The rows of the written name, else of the row it is an alias of
// (isa/tables/aliases.inc): a name that is a row on one target and an
// alias on another names the row where it exists.
std::vector<Candidate> candidateRows(const Target& t, const std::string& written, bool* exists_elsewhere) {
  std::vector<Candidate> cands = candidatesNamed(t, written, exists_elsewhere);
  const std::string_view alias = aliasTarget(written);
  if (!cands.empty() || alias.empty()) return cands;
  bool alias_elsewhere = false;
  cands = candidatesNamed(t, std::string(alias), &alias_elsewhere);
  if (cands.empty()) *exists_elsewhere = *exists_elsewhere || alias_elsewhere;
  return cands;
}

// No row of the target has that mnemonic: another target's, or the
// nearest spelling the target has.
bool unknownMnemonic(const Target& t, const std::string& mn, bool exists_elsewhere, ParseError* err) {
  if (exists_elsewhere) {
    err->message = "instruction not supported on this GPU (" + std::string(t.name) + "): " + mn;
    return false;
  }
  std::string best;
  size_t bd = ~size_t(0);
  for (int id = 0; id < numInsts(); ++id) {
    const InstDesc& d = instDesc(id);
    if (!t.has(d)) continue;
    size_t e = editDistance(mn, d.mnemonic);
    if (e < bd) {
      bd = e;
      best = std::string(d.mnemonic);
    }
  }
  err->message = "invalid instruction: unknown mnemonic '" + mn + "'";
  if (!best.empty() && bd <= std::max<size_t>(3, mn.size() / 3)) err->message += ", did you mean '" + best + "'?";
  return false;
}

// Rows sharing a mnemonic: try the shorter encoding first (VINTRP before
// its VOP3 twin), as llvm-mc picks the shortest match.
void sortShortestFirst(const Target& t, std::vector<Candidate>* cands) {
  std::stable_sort(cands->begin(), cands->end(), [&](const Candidate& a, const Candidate& b) {
    auto dw = [&](const Candidate& c) {
      const InstDesc& d = instDesc(c.id);
      if (isVopShort(d.enc)) return 1;
      return int(genIndex(t.gen).enc[int(d.enc)].dwords);
    };
    return dw(a) < dw(b);
  });
}

// The encodings and forms to try for a candidate, in order: the forced
// one; else DPP or SDWA when the modifiers ask for it; else e32 then e64.
std::vector<std::pair<Enc, Form>> formsToTry(const Target& t, const Candidate& cd, bool want_sdwa,
                                             bool want_dpp) {
  const InstDesc& d = instDesc(cd.id);
  std::vector<std::pair<Enc, Form>> forms;
  if (!isVopShort(d.enc)) {
    forms.push_back({d.enc, Form::NATIVE});
    return forms;
  }
  Enc e64 = (d.flags & F_VOP3B) ? Enc::VOP3B : Enc::VOP3;
  if (cd.forced) {
    forms.push_back({cd.form == Form::E64 ? e64 : d.enc, cd.form});
  } else if (want_dpp) {
    if (hasDppForm(d, t.gen)) forms.push_back({d.enc, Form::DPP});
  } else if (want_sdwa) {
    if (!(d.flags & F_NO_SDWA)) forms.push_back({d.enc, Form::SDWA});
  } else {
    forms.push_back({d.enc, Form::E32});
    if (!(d.flags & F_NO_E64)) forms.push_back({e64, Form::E64});
  }
  return forms;
}

// The Inst exactly as decode() gives it for its bytes (overlapping fields
// such as GFX9 SDWA VOPC's SDST/DST_SEL, cleared unused fields), where the
// bytes decode to the same row and encode back the same.
Inst asDecoded(const Target& t, const Inst& in) {
  uint8_t buf[16];
  std::string e;
  size_t n = encodeInst(t, in, buf, &e);
  Inst back;
  if (n && decode(t, buf, n, &back).ok() && back.id == in.id) {
    uint8_t again[16];
    size_t m = encodeInst(t, back, again, &e);
    if (m == n && std::memcmp(buf, again, n) == 0) return back;
  }
  return in;
}

// Tries each candidate in each of its forms; the first that assembles is
// *out. Else *best is the most informative failure: the one that got
// furthest; on a tie the later (wider) form.
bool firstThatAssembles(const Target& t, const std::vector<Candidate>& cands, const Syntax& syn,
                        bool want_sdwa, bool want_dpp, Inst* out, ParseError* best) {
  best->column = -1;
  for (const Candidate& cd : cands) {
    for (const auto& [enc, form] : formsToTry(t, cd, want_sdwa, want_dpp)) {
      parse::Ctx c(t, instDesc(cd.id), syn);
      c.in.id = uint16_t(cd.id);
      c.in.gen = t.gen;
      c.in.enc = enc;
      c.in.form = form;
      if (parse::buildInst(c)) {
        *out = asDecoded(t, c.in);
        return true;
      }
      if (c.err.column >= best->column) *best = c.err;
    }
  }
  return false;
}

// No row had the SDWA/DPP form those modifiers ask for (64-bit or VOP3
// only instructions): point at the first such modifier, as llvm-mc does.
ParseError noSuchFormError(const Target& t, const std::string& mn, const Syntax& syn, bool want_dpp) {
  int col = 0;
  for (const Mod& m : syn.mods)
    if ((syntax::isSdwaModifier(m.name) || syntax::isDppModifier(m.name)) &&
        (col == 0 || m.col < col))
      col = m.col;
  for (const Item& it : syn.items)
    if (it.sext && (col == 0 || it.col < col)) col = it.col;
  ParseError e;
  e.column = col;
  e.message = "not a valid operand: " + mn + " has no " + (want_dpp ? "DPP" : "SDWA") +
              " form on " + std::string(t.name);
  return e;
}

}  // namespace

bool parseInst(const Target& t, std::string_view line, Inst* out, ParseError* err) {
  ParseError dummy;
  if (!err) err = &dummy;
  *err = ParseError{};
  const std::string_view s = statementText(line);
  std::string mn;
  size_t ms = 0, p = 0;
  if (!readMnemonic(s, &mn, &ms, &p, err)) return false;
  const int mcol = int(ms) + 1;

  bool exists_elsewhere = false;
  std::vector<Candidate> cands = candidateRows(t, mn, &exists_elsewhere);
  if (cands.empty()) {
    err->column = mcol;
    return unknownMnemonic(t, mn, exists_elsewhere, err);
  }
  sortShortestFirst(t, &cands);
  Syntax syn;
  if (!parse::lexOperands(t.gen, s, p, &syn, err)) return false;

  const bool want_sdwa = hasModWhere(syn, syntax::isSdwaModifier) || hasSext(syn);
  const bool want_dpp = hasModWhere(syn, syntax::isDppModifier);
  ParseError best;
  if (firstThatAssembles(t, cands, syn, want_sdwa, want_dpp, out, &best)) return true;
  if (best.message.empty() && (want_sdwa || want_dpp)) best = noSuchFormError(t, mn, syn, want_dpp);
  *err = best;
  if (err->column <= 0) err->column = mcol;
  // Every rejection says what: a path above that failed without a message
  // is reported rather than left blank.
  if (err->message.empty()) err->message = "invalid instruction: " + mn + " with these operands";
  return false;
}

}  // namespace gcn
