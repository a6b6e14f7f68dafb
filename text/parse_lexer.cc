// Phase 1 of the line parser: the text after the mnemonic split into
// operand items (registers, numbers, words, name(...) functions, with their
// neg/abs/sext wrappers) and trailing modifiers (name:value or a flag word).
// Nothing here knows the row: that is phase 2's job.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "isa/memory_rules.h"
#include "isa/registers.h"
#include "text/parse_ctx.h"
#include "text/syntax.h"

namespace gcn::parse {
namespace {

const char* const kFlagMods[] = {
    "clamp", "glc", "slc", "gds", "tfe", "lds", "idxen", "offen", "addr64", "unorm", "da",
    "r128", "a16", "lwe", "d16", "done", "compr", "vm", "nv", "high", "scc", "sc0", "sc1", "nt"};

bool isFlagMod(std::string_view w) {
  for (const char* f : kFlagMods)
    if (w == f) return true;
  for (const syntax::DppCtrl& c : syntax::kDppCtrls)
    if (c.arg_min < 0 && w == c.name) return true;
  return false;
}

bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)); }

class Lexer {
 public:
  Lexer(Gen g, std::string_view s, size_t pos) : gen_(g), s_(s), i_(pos) {}

  bool run(Syntax* out, ParseError* err) {
    while (true) {
      skipWs();
      if (i_ >= s_.size()) break;
      char c = s_[i_];
      if (c == ',' || c == '&') {
        ++i_;
        continue;
      }
      if (identStart(c)) {
        const int r = modifier(out, err);
        if (r == kFailed) return false;
        if (r == kApplied) continue;
      }
      Item it;
      it.col = col(i_);
      if (!operand(&it, err, 0)) return false;
      out->items.push_back(it);
    }
    out->end_col = col(s_.size());
    return true;
  }

 private:
  int col(size_t i) const { return int(i) + 1; }
  void skipWs() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r')) ++i_;
  }
  bool fail(ParseError* err, size_t at, std::string msg) {
    err->column = col(at);
    err->message = std::move(msg);
    return false;
  }
  bool peekWordParen(std::string_view w) const {
    if (i_ + w.size() >= s_.size()) return false;
    if (!ieq(s_.substr(i_, w.size()), w)) return false;
    size_t j = i_ + w.size();
    while (j < s_.size() && s_[j] == ' ') ++j;
    return j < s_.size() && s_[j] == '(';
  }
  void eatWordParen(std::string_view w) {
    i_ += w.size();
    while (s_[i_] == ' ') ++i_;
    ++i_;
  }
  bool expect(char c, ParseError* err, const char* what) {
    skipWs();
    if (i_ >= s_.size() || s_[i_] != c) return fail(err, i_, std::string("expected ") + what);
    ++i_;
    return true;
  }

  // A flag that is also a register name (a16 is AccVGPR 16) in the
  // operand list, next to one of its commas, is the register.
  bool registerInList(const std::string& w, size_t end) const {
    int code = 0, dw = 0;
    size_t used = 0;
    if (!parseRegName(gen_, w, &code, &dw, &used) || used != w.size()) return false;
    size_t b = i_;
    while (b > 0 && s_[b - 1] == ' ') --b;
    size_t a = end;
    while (a < s_.size() && s_[a] == ' ') ++a;
    return (b > 0 && s_[b - 1] == ',') || (a < s_.size() && s_[a] == ',');
  }

  // A word at i_ is a modifier when a ':' follows it (s:, v: and ttmp: start
  // registers) or when it is a known flag: kApplied, kFailed, or kNotMine
  // (an operand).
  int modifier(Syntax* out, ParseError* err) {
    size_t j = i_;
    while (j < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[j])) || s_[j] == '_')) ++j;
    std::string w = lower(s_.substr(i_, j - i_));
    if (j < s_.size() && s_[j] == ':' && !(w == "s" || w == "v" || w == "ttmp"))
      return valuedModifier(w, j, out, err);
    bool paren = j < s_.size() && s_[j] == '(';
    if (!paren && (j >= s_.size() || !identChar(s_[j])) && isFlagMod(w) && !registerInList(w, j)) {
      Mod m;
      m.name = w;
      m.col = col(i_);
      out->mods.push_back(m);
      i_ = j;
      return kApplied;
    }
    return kNotMine;
  }

  // `w:value`, the ':' at `colon`: a bracketed list, or text up to a blank
  // or ',' that keeps a swizzle(...) whole.
  int valuedModifier(const std::string& w, size_t colon, Syntax* out, ParseError* err) {
    Mod m;
    m.name = w;
    m.col = col(i_);
    m.has_value = true;
    size_t k = colon + 1;
    m.vcol = col(k);
    if (k < s_.size() && s_[k] == '[') {
      size_t e = s_.find(']', k);
      if (e == std::string_view::npos) return fail(err, k, "missing ']' in modifier value");
      m.value = std::string(s_.substr(k, e + 1 - k));
      k = e + 1;
    } else {
      size_t e = k;
      if (e < s_.size() && (s_[e] == '-' || s_[e] == '+')) ++e;
      while (e < s_.size() && !std::isspace(static_cast<unsigned char>(s_[e])) && s_[e] != ',') {
        if (s_[e] == '(') {  // offset:swizzle(...)
          size_t p = s_.find(')', e);
          e = p == std::string_view::npos ? s_.size() : p + 1;
          continue;
        }
        ++e;
      }
      m.value = std::string(s_.substr(k, e - k));
      k = e;
    }
    if (m.value.empty()) return fail(err, colon + 1, "missing value after '" + w + ":'");
    out->mods.push_back(m);
    i_ = k;
    return kApplied;
  }

  // operand := '-' operand | '|' operand '|' | abs( operand ) | neg( operand )
  //          | sext( operand ) | primary
  bool operand(Item* it, ParseError* err, int depth) {
    if (depth > 8) return fail(err, i_, "too deeply nested operand modifiers");
    skipWs();
    if (i_ >= s_.size()) return fail(err, i_, "expected an operand");
    char c = s_[i_];
    if (c == '-') {
      size_t j = i_ + 1;
      while (j < s_.size() && s_[j] == ' ') ++j;
      bool number = j < s_.size() && (isDigit(s_[j]) || s_[j] == '.');
      if (!number) {
        if (it->neg) return fail(err, i_, "repeated negation");
        it->neg = true;
        i_ = j;
        return operand(it, err, depth + 1);
      }
      return primary(it, err);
    }
    if (c == '|') {
      if (it->abs) return fail(err, i_, "repeated absolute value");
      it->abs = true;
      ++i_;
      if (!operand(it, err, depth + 1)) return false;
      return expect('|', err, "'|' closing the absolute value");
    }
    if (peekWordParen("abs")) {
      if (it->abs) return fail(err, i_, "repeated absolute value");
      it->abs = it->abs_fn = true;
      return wrapped("abs", it, err, depth);
    }
    if (peekWordParen("neg")) {
      if (it->neg) return fail(err, i_, "repeated negation");
      it->neg = it->neg_fn = true;
      return wrapped("neg", it, err, depth);
    }
    if (peekWordParen("sext")) {
      if (it->sext) return fail(err, i_, "repeated sext");
      it->sext = true;
      return wrapped("sext", it, err, depth);
    }
    return primary(it, err);
  }

  // The operand inside `fn(` ... `)`.
  bool wrapped(std::string_view fn, Item* it, ParseError* err, int depth) {
    eatWordParen(fn);
    if (!operand(it, err, depth + 1)) return false;
    return expect(')', err, "')'");
  }

  bool number(Item* it, ParseError* err) {
    size_t st = i_;
    bool neg = false;
    if (s_[i_] == '-' || s_[i_] == '+') {
      neg = s_[i_] == '-';
      ++i_;
      while (i_ < s_.size() && s_[i_] == ' ') ++i_;
    }
    if (i_ + 1 < s_.size() && s_[i_] == '0' && (s_[i_ + 1] == 'x' || s_[i_ + 1] == 'X'))
      return hexNumber(it, err, st, neg);
    if (i_ + 1 < s_.size() && s_[i_] == '0' && (s_[i_ + 1] == 'b' || s_[i_ + 1] == 'B') &&
        i_ + 2 < s_.size() && (s_[i_ + 2] == '0' || s_[i_ + 2] == '1'))
      return binaryNumber(it, err, st, neg);
    return decimalNumber(it, err, st, neg);
  }

  // 0x...: the sign was at `st`.
  bool hexNumber(Item* it, ParseError* err, size_t st, bool neg) {
    i_ += 2;
    size_t hs = i_;
    uint64_t v = 0;
    while (i_ < s_.size() && std::isxdigit(static_cast<unsigned char>(s_[i_]))) {
      if (v >> 60) return fail(err, st, "integer constant is too large");
      char h = s_[i_++];
      v = v * 16 + uint64_t(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
    }
    if (i_ == hs) return fail(err, st, "invalid hexadecimal number");
    if (i_ < s_.size() && identChar(s_[i_])) return fail(err, st, "invalid hexadecimal number");
    it->kind = Item::INT;
    it->hex = true;
    it->ival = neg ? -int64_t(v) : int64_t(v);
    return true;
  }

  // 0b...: the sign was at `st`.
  bool binaryNumber(Item* it, ParseError* err, size_t st, bool neg) {
    i_ += 2;
    uint64_t v = 0;
    while (i_ < s_.size() && (s_[i_] == '0' || s_[i_] == '1')) {
      if (v >> 62) return fail(err, st, "integer constant is too large");
      v = v * 2 + uint64_t(s_[i_++] - '0');
    }
    if (i_ < s_.size() && identChar(s_[i_])) return fail(err, st, "invalid binary number");
    it->kind = Item::INT;
    it->ival = neg ? -int64_t(v) : int64_t(v);
    return true;
  }

  // Digits, with a fraction or exponent making it a float: the sign was at `st`.
  bool decimalNumber(Item* it, ParseError* err, size_t st, bool neg) {
    const size_t ds = i_;
    const bool is_float = skipDecimal();
    if (i_ == ds || (i_ == ds + 1 && s_[ds] == '.')) return fail(err, st, "invalid number");
    if (i_ < s_.size() && identChar(s_[i_])) return fail(err, st, "invalid number");
    std::string txt(s_.substr(ds, i_ - ds));
    if (is_float) {
      it->kind = Item::FLT;
      it->fval = std::strtod(txt.c_str(), nullptr);
      if (!std::isfinite(it->fval)) return fail(err, st, "floating-point constant is out of range");
      if (neg) it->fval = -it->fval;
      return true;
    }
    if (txt.size() > 20) return fail(err, st, "integer constant is too large");
    errno = 0;
    unsigned long long v = std::strtoull(txt.c_str(), nullptr, 10);
    if (errno == ERANGE || v > uint64_t(std::numeric_limits<int64_t>::max()) + (neg ? 1 : 0)) {
      if (!neg && errno != ERANGE) {
        it->kind = Item::INT;  // 2^63..2^64-1: keep the bits
        it->ival = int64_t(v);
        return true;
      }
      return fail(err, st, "integer constant is too large");
    }
    it->kind = Item::INT;
    it->ival = neg ? int64_t(0 - v) : int64_t(v);
    return true;
  }

  // Moves past digits, '.' digits and an exponent (only when digits follow
  // it); whether a fraction or exponent was seen.
  bool skipDecimal() {
    bool is_float = false;
    while (i_ < s_.size() && isDigit(s_[i_])) ++i_;
    if (i_ < s_.size() && s_[i_] == '.') {
      is_float = true;
      ++i_;
      while (i_ < s_.size() && isDigit(s_[i_])) ++i_;
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      size_t j = i_ + 1;
      if (j < s_.size() && (s_[j] == '-' || s_[j] == '+')) ++j;
      if (j < s_.size() && isDigit(s_[j])) {
        is_float = true;
        i_ = j;
        while (i_ < s_.size() && isDigit(s_[i_])) ++i_;
      }
    }
    return is_float;
  }

  bool primary(Item* it, ParseError* err) {
    skipWs();
    if (i_ >= s_.size()) return fail(err, i_, "expected an operand");
    it->col = it->col ? it->col : col(i_);
    char c = s_[i_];
    if (isDigit(c) || c == '-' || c == '+' || c == '.') {
      return number(it, err);
    }
    if (!identStart(c)) {
      return fail(err, i_, std::string("unexpected character '") +
                               (std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c)
                                                                           : std::string("?")) +
                               "'");
    }
    if (registerName(it) || resourceTupleAbove101(it)) return true;
    if (otherGenRegisterName()) return fail(err, i_, "register not available on this GPU");
    return word(it, err);
  }

  // A register of this generation.
  bool registerName(Item* it) {
    std::string low = lower(s_.substr(i_, 48));
    int code = 0, dw = 0;
    size_t used = 0;
    if (parseRegName(gen_, low, &code, &dw, &used) && used > 0) {
      if (used >= low.size() || !identChar(low[used]) || low[used] == '.') {
        it->kind = Item::REG;
        it->code = code;
        it->dw = dw;
        i_ += used;
        return true;
      }
    }
    return false;
  }

  // s[100:103] / s[96:103] on GFX8/9: llvm-objdump prints these resource
  // tuples although s102/s103 do not exist there (its assembler refuses
  // them; errata MEM_SRSRC_S100_TEXT). Accepted as a tuple; assignOperand
  // admits them only as SRSRC/SSAMP.
  bool resourceTupleAbove101(Item* it) {
    std::string low = lower(s_.substr(i_, 16));
    unsigned a = 0, b = 0;
    int used = 0;
    if (std::sscanf(low.c_str(), "s[%u:%u]%n", &a, &b, &used) == 2 && used > 0 && b >= a &&
        (b - a + 1 == 4 || b - a + 1 == 8) && b >= 100 && b < 104 &&
        memorySregTupleValid(gen_, int(a), int(b - a + 1))) {
      it->kind = Item::REG;
      it->code = int(a);
      it->dw = int(b - a + 1);
      i_ += size_t(used);
      return true;
    }
    return false;
  }

  // A register of another generation (src_shared_base on GFX8, tba on GFX9 ...).
  bool otherGenRegisterName() const {
    std::string low = lower(s_.substr(i_, 48));
    for (int g = 0; g < kNumGens; ++g) {
      int code = 0, dw = 0;
      size_t used = 0;
      if (Gen(g) != gen_ && parseRegName(Gen(g), low, &code, &dw, &used) && used > 0 &&
          (used >= low.size() || !identChar(low[used])) && !isDigit(low[1]) && low[0] != '[')
        return true;
    }
    return false;
  }

  // A word or name(...) function; a register-looking word here is an error.
  bool word(Item* it, ParseError* err) {
    size_t j = i_;
    while (j < s_.size() && identChar(s_[j])) ++j;
    std::string w = lower(s_.substr(i_, j - i_));
    size_t k = j;
    while (k < s_.size() && s_[k] == ' ') ++k;
    if (k < s_.size() && s_[k] == '(') {
      size_t e = s_.find(')', k);
      if (e == std::string_view::npos) return fail(err, k, "missing ')'");
      it->kind = Item::FUNC;
      it->word = w;
      it->args = std::string(s_.substr(k + 1, e - k - 1));
      it->args_col = col(k + 1);
      i_ = e + 1;
      return true;
    }
    // A register-looking word that failed (v256, s[3:1], s104 ...).
    const bool reg_prefix = w[0] == 's' || vectorFileOfPrefix(w[0]) >= 0;
    if ((reg_prefix || w.rfind("ttmp", 0) == 0) && j < s_.size() && s_[j] == '[') {
      const size_t close = s_.find(']', j);
      return fail(err, i_, "invalid register range '" +
                               std::string(s_.substr(i_, close == std::string_view::npos ? j - i_ : close + 1 - i_)) +
                               "'");
    }
    if (w.size() >= 2 && reg_prefix &&
        std::all_of(w.begin() + 1, w.end(), [](char ch) { return isDigit(ch); }))
      return fail(err, i_, "register index out of range: '" + w + "'");
    it->kind = Item::WORD;
    it->word = w;
    i_ = j;
    return true;
  }

  const Gen gen_;
  std::string_view s_;
  size_t i_;
};

}  // namespace

bool lexOperands(Gen g, std::string_view line, size_t pos, Syntax* out, ParseError* err) {
  return Lexer(g, line, pos).run(out, err);
}

}  // namespace gcn::parse
