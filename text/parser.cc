// LLVM assembler syntax -> Inst. Table driven: the row's operand list (in
// LLVM's printed order) says what each operand may be; the encoding family
// says which trailing modifiers exist. Two phases: the line is first split
// into operand items and modifiers (syntax only), then each candidate row and
// form is tried, the first that assembles (and passes validateInst) wins.
#include "text/parser.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "decoder/decoder.h"
#include "encoder/encoder.h"
#include "isa/index.h"
#include "isa/legality.h"
#include "isa/memory_rules.h"
#include "isa/operand_field.h"
#include "isa/operand_kinds.h"
#include "isa/registers.h"
#include "isa/special_imm.h"
#include "text/syntax.h"

namespace gcn {
namespace {


bool identStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool identChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
}

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = char(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

bool ieq(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

// ---------------------------------------------------------------------------
// Phase 1: syntax.

struct Item {
  enum Kind { REG, INT, FLT, WORD, FUNC } kind = INT;
  int col = 0;  // 1-based
  int code = 0, dw = 1;   // REG
  int64_t ival = 0;       // INT
  double fval = 0;        // FLT
  std::string word;       // WORD / FUNC name (lower case)
  std::string args;       // FUNC: text between the parentheses
  int args_col = 0;
  bool neg = false, abs = false, sext = false;
  bool neg_fn = false;    // neg(...) syntax
  bool abs_fn = false;    // abs(...) syntax
  bool hex = false;       // INT written 0x...
};

struct Mod {
  std::string name;   // lower case
  std::string value;  // raw text after ':' (may be "[...]"), "" for flags
  bool has_value = false;
  int col = 0, vcol = 0;
  bool used = false;
};

struct Syntax {
  std::vector<Item> items;
  std::vector<Mod> mods;
  int end_col = 1;
};

const char* const kFlagMods[] = {
    "clamp", "glc", "slc", "gds", "tfe", "lds", "idxen", "offen", "addr64", "unorm", "da",
    "r128", "a16", "lwe", "d16", "done", "compr", "vm", "nv", "high"};

bool isFlagMod(std::string_view w) {
  for (const char* f : kFlagMods)
    if (w == f) return true;
  for (const syntax::DppCtrl& c : syntax::kDppCtrls)
    if (c.arg_min < 0 && w == c.name) return true;
  return false;
}

class Lexer {
 public:
  Lexer(std::string_view s, size_t pos) : s_(s), i_(pos) {}

  bool run(Syntax* out, ParseError* err) {
    while (true) {
      skipWs();
      if (i_ >= s_.size()) break;
      char c = s_[i_];
      if (c == ',' || c == '&') {
        ++i_;
        continue;
      }
      // Modifier: ident ':' value, or a known flag word.
      if (identStart(c)) {
        size_t j = i_;
        while (j < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[j])) || s_[j] == '_')) ++j;
        std::string w = lower(s_.substr(i_, j - i_));
        if (j < s_.size() && s_[j] == ':' && !(w == "s" || w == "v" || w == "ttmp")) {
          Mod m;
          m.name = w;
          m.col = col(i_);
          m.has_value = true;
          size_t k = j + 1;
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
          if (m.value.empty()) return fail(err, j + 1, "missing value after '" + w + ":'");
          out->mods.push_back(m);
          i_ = k;
          continue;
        }
        bool paren = j < s_.size() && s_[j] == '(';
        if (!paren && (j >= s_.size() || !identChar(s_[j])) && isFlagMod(w)) {
          Mod m;
          m.name = w;
          m.col = col(i_);
          out->mods.push_back(m);
          i_ = j;
          continue;
        }
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
      bool number = j < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[j])) || s_[j] == '.');
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
      eatWordParen("abs");
      if (!operand(it, err, depth + 1)) return false;
      return expect(')', err, "')'");
    }
    if (peekWordParen("neg")) {
      if (it->neg) return fail(err, i_, "repeated negation");
      it->neg = it->neg_fn = true;
      eatWordParen("neg");
      if (!operand(it, err, depth + 1)) return false;
      return expect(')', err, "')'");
    }
    if (peekWordParen("sext")) {
      if (it->sext) return fail(err, i_, "repeated sext");
      it->sext = true;
      eatWordParen("sext");
      if (!operand(it, err, depth + 1)) return false;
      return expect(')', err, "')'");
    }
    return primary(it, err);
  }

  bool number(Item* it, ParseError* err) {
    size_t st = i_;
    bool neg = false;
    if (s_[i_] == '-' || s_[i_] == '+') {
      neg = s_[i_] == '-';
      ++i_;
      while (i_ < s_.size() && s_[i_] == ' ') ++i_;
    }
    size_t ds = i_;
    if (i_ + 1 < s_.size() && s_[i_] == '0' && (s_[i_ + 1] == 'x' || s_[i_ + 1] == 'X')) {
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
    if (i_ + 1 < s_.size() && s_[i_] == '0' && (s_[i_ + 1] == 'b' || s_[i_ + 1] == 'B') &&
        i_ + 2 < s_.size() && (s_[i_ + 2] == '0' || s_[i_ + 2] == '1')) {
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
    bool is_float = false;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    if (i_ < s_.size() && s_[i_] == '.') {
      is_float = true;
      ++i_;
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      size_t j = i_ + 1;
      if (j < s_.size() && (s_[j] == '-' || s_[j] == '+')) ++j;
      if (j < s_.size() && std::isdigit(static_cast<unsigned char>(s_[j]))) {
        is_float = true;
        i_ = j;
        while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
      }
    }
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

  bool primary(Item* it, ParseError* err) {
    skipWs();
    if (i_ >= s_.size()) return fail(err, i_, "expected an operand");
    it->col = it->col ? it->col : col(i_);
    char c = s_[i_];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.') {
      return number(it, err);
    }
    if (!identStart(c)) {
      return fail(err, i_, std::string("unexpected character '") +
                               (std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c)
                                                                           : std::string("?")) +
                               "'");
    }
    // Register?
    {
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
    }
    {
      // s[100:103] / s[96:103] on GFX8/9: llvm-objdump prints these
      // resource tuples although s102/s103 do not exist there (its
      // assembler refuses them; errata MEM_SRSRC_S100_TEXT). Accepted as a
      // tuple; assignOperand admits them only as SRSRC/SSAMP.
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
    }
    {
      // A register of another generation (src_shared_base on GFX8, tba on GFX9 ...).
      std::string low = lower(s_.substr(i_, 48));
      for (int g = 0; g < kNumGens; ++g) {
        int code = 0, dw = 0;
        size_t used = 0;
        if (Gen(g) != gen_ && parseRegName(Gen(g), low, &code, &dw, &used) && used > 0 &&
            (used >= low.size() || !identChar(low[used])) && !std::isdigit(static_cast<unsigned char>(low[1])) &&
            low[0] != '[')
          return fail(err, i_, "register not available on this GPU");
      }
    }
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
    if ((w[0] == 'v' || w[0] == 's' || w.rfind("ttmp", 0) == 0) && j < s_.size() && s_[j] == '[') {
      return fail(err, i_, "invalid register range '" + std::string(s_.substr(i_, s_.find(']', j) == std::string_view::npos ? j - i_ : s_.find(']', j) + 1 - i_)) + "'");
    }
    if (w.size() >= 2 && (w[0] == 'v' || w[0] == 's') &&
        std::all_of(w.begin() + 1, w.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); }))
      return fail(err, i_, "register index out of range: '" + w + "'");
    it->kind = Item::WORD;
    it->word = w;
    i_ = j;
    return true;
  }

 public:
  Gen gen_ = Gen::GFX9;

 private:
  std::string_view s_;
  size_t i_;
};

// ---------------------------------------------------------------------------
// Phase 2: one row in one form.


uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int exp = int((x >> 23) & 0xff);
  uint32_t man = x & 0x7fffff;
  if (exp == 0xff) return uint16_t(sign | 0x7c00 | (man ? 0x200 | (man >> 13) : 0));
  int e = exp - 127 + 15;
  if (e >= 0x1f) return uint16_t(sign | 0x7c00);
  if (e <= 0) {
    if (e < -10) return uint16_t(sign);
    man |= 0x800000;
    int shift = 14 - e;
    uint32_t h = man >> shift;
    uint32_t rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1))) ++h;
    return uint16_t(sign | h);
  }
  uint32_t h = uint32_t(e << 10) | (man >> 13);
  uint32_t rem = man & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (h & 1))) ++h;
  return uint16_t(sign | h);
}

struct Ctx {
  const Target& t;
  const InstDesc& d;
  Inst in;
  const Syntax& syn;
  ParseError err;
  bool lit_used = false;
  int lit_col = 0;
  int vaddr_col = 0;  // column of a VGPR vaddr operand (0: none / off)
  bool smem_off = false;  // GFX9 SMEM "offset:N" next to an SGPR soffset
  int64_t smem_off_val = 0;
  int smem_off_col = 0;
  int last_bus_col = 0;  // column of the last explicit constant-bus source
  std::vector<FieldSlot> layout;      // dword0 layout
  std::vector<FieldSlot> ext_layout;  // SDWA/DPP

  Ctx(const Target& tt, const InstDesc& dd, const Syntax& s) : t(tt), d(dd), syn(s) {}

  bool fail(int col, std::string msg) {
    err.column = col;
    err.message = std::move(msg);
    return false;
  }

  const FieldSlot* slotOf(Fld f) const {
    if (in.form == Form::SDWA || in.form == Form::DPP) {
      for (const FieldSlot& s : ext_layout)
        if (s.fld == f && s.xform != Xform::HI && s.xform != Xform::S0 && s.xform != Xform::S1) return &s;
      if (f == Fld::SRC0) return nullptr;
    }
    for (const FieldSlot& s : layout)
      if (s.fld == f && s.xform != Xform::HI && s.xform != Xform::S0 && s.xform != Xform::S1) return &s;
    return nullptr;
  }
  bool hasXf(Xform x) const {
    for (const FieldSlot& s : ext_layout)
      if (s.xform == x) return true;
    return false;
  }
};

const char* formText(Form f) {
  switch (f) {
    case Form::E32: return "e32";
    case Form::E64: return "e64 (VOP3)";
    case Form::SDWA: return "SDWA";
    case Form::DPP: return "DPP";
    default: return "this";
  }
}

std::string describe(const Item& it) {
  switch (it.kind) {
    case Item::REG: return "register";
    case Item::INT: case Item::FLT: return "immediate";
    case Item::WORD: return "'" + it.word + "'";
    case Item::FUNC: return "'" + it.word + "(...)'";
  }
  return "operand";
}

// Encodes a numeric source operand: inline constant code or literal, with
// llvm-mc's rules (AMDGPUAsmParser::addLiteralImmOperand): integer tokens
// are checked as bit patterns after truncation to the operand width (32-bit
// and fp16 operands accept float patterns, 16-bit integer operands only
// -16..64); fp tokens are converted to the operand's float format; a
// non-inline fp64 constant keeps its high 32 bits in the literal.
bool encodeImmSource(Ctx& c, const Item& it, OpType type, bool allow_literal, int* code) {
  const Gen g = c.t.gen;
  int bits = constantBits(type);
  if (bits > 64) bits = 32;
  const bool fl = isFloatSourceType(type);
  uint32_t lit = 0;
  // Which constants the operand takes is the legality module's call.
  auto inlineOk = [&](int ic) { return ic >= 0 && (!isSourceType(type) || inlineConstantOk(g, type, ic)); };
  if (it.kind == Item::FLT) {
    if (bits == 64) {
      double dv = it.fval;
      uint64_t value;
      std::memcpy(&value, &dv, 8);
      int ic = value == 0 ? 128 : inlineFloatCode(g, value, 64);
      if (inlineOk(ic)) {
        *code = ic;
        return true;
      }
      if (!fl) return c.fail(it.col, "invalid operand for instruction: floating-point constant for a 64-bit integer operand must be inline");
      lit = uint32_t(value >> 32);
    } else if (bits == 16) {
      uint16_t h = floatToHalf(float(it.fval));
      int ic = h == 0 ? 128 : inlineFloatCode(g, h, 16);
      if (inlineOk(ic)) {
        *code = ic;
        return true;
      }
      lit = h;
    } else {
      float fv = float(it.fval);
      uint32_t u;
      std::memcpy(&u, &fv, 4);
      int ic = u == 0 ? 128 : inlineFloatCode(g, u, 32);
      if (inlineOk(ic)) {
        *code = ic;
        return true;
      }
      lit = u;
    }
  } else {
    int64_t v = it.ival;
    if (bits == 64) {
      int ic = inlineIntCode(v);
      if (ic < 0) ic = inlineFloatCode(g, uint64_t(v), 64);
      if (inlineOk(ic)) {
        *code = ic;
        return true;
      }
      if (!(v >= INT32_MIN && v <= int64_t(UINT32_MAX)))
        return c.fail(it.col, "invalid operand for instruction: literal does not fit in 32 bits");
      lit = uint32_t(v);
    } else if (bits == 16) {
      if (!(v >= -32768 && v <= 65535))
        return c.fail(it.col, "invalid operand for instruction: value does not fit in 16 bits");
      int ic = inlineIntCode(int16_t(uint16_t(v)));
      if (ic < 0 && fl) ic = inlineFloatCode(g, uint64_t(v) & 0xffff, 16);
      if (inlineOk(ic)) {
        *code = ic;
        return true;
      }
      lit = uint32_t(v) & 0xffff;
    } else {
      if (!(v >= INT32_MIN && v <= int64_t(UINT32_MAX)))
        return c.fail(it.col, "invalid operand for instruction: value does not fit in 32 bits");
      int ic = inlineIntCode(int32_t(uint32_t(v)));
      if (ic < 0) ic = inlineFloatCode(g, uint64_t(v) & 0xffffffffu, 32);
      if (inlineOk(ic)) {
        *code = ic;
        return true;
      }
      lit = uint32_t(v);
    }
  }
  if (!allow_literal) return c.fail(it.col, "literal operands are not supported");
  // A 16-bit operand reads the low half of the shared literal dword (whose
  // high half a 32-bit madmk/madak_f16 K may fill).
  const bool same = bits == 16 ? (c.in.literal & 0xffffu) == lit : c.in.literal == lit;
  if (c.lit_used && !same) return c.fail(it.col, "only one literal operand is allowed");
  if (!c.lit_used) c.in.literal = lit;
  c.lit_used = true;
  c.lit_col = it.col;
  *code = opc::kLiteral;
  return true;
}

bool isSrcField(Fld f) { return f == Fld::SRC0 || f == Fld::SRC1 || f == Fld::SRC2; }

// The field an operand role lands in for this Inst's enc/form (kCount for an
// implicit vcc).
Fld fieldFor(const Inst& in, const OperandSpec& op) { return operandField(in, op, /*writing=*/true); }

bool parseIntText(std::string_view s, int64_t* v) {
  std::string t(s);
  while (!t.empty() && t.back() == ' ') t.pop_back();
  size_t b = 0;
  while (b < t.size() && t[b] == ' ') ++b;
  t = t.substr(b);
  if (t.empty()) return false;
  bool neg = false;
  size_t i = 0;
  if (t[0] == '-' || t[0] == '+') {
    neg = t[0] == '-';
    i = 1;
  }
  if (i >= t.size()) return false;
  uint64_t x = 0;
  int base = 10;
  if (t.size() > i + 2 && t[i] == '0' && (t[i + 1] == 'x' || t[i + 1] == 'X')) {
    base = 16;
    i += 2;
  } else if (t.size() > i + 2 && t[i] == '0' && (t[i + 1] == 'b' || t[i + 1] == 'B')) {
    base = 2;
    i += 2;
  }
  if (i >= t.size()) return false;
  for (; i < t.size(); ++i) {
    char ch = char(std::tolower(static_cast<unsigned char>(t[i])));
    int dgt;
    if (ch >= '0' && ch <= '9') dgt = ch - '0';
    else if (ch >= 'a' && ch <= 'f') dgt = ch - 'a' + 10;
    else return false;
    if (dgt >= base) return false;
    if (x > (uint64_t(1) << 58)) return false;
    x = x * uint64_t(base) + uint64_t(dgt);
  }
  *v = neg ? -int64_t(x) : int64_t(x);
  return true;
}

// "[0,1,1]" -> bits; n entries max.
bool parseBitList(std::string_view s, int maxn, int* bits, int* count) {
  if (s.size() < 2 || s.front() != '[' || s.back() != ']') return false;
  s = s.substr(1, s.size() - 2);
  int b = 0, n = 0;
  while (true) {
    size_t cpos = s.find(',');
    std::string_view e = s.substr(0, cpos);
    int64_t v;
    if (!parseIntText(e, &v) || (v != 0 && v != 1)) return false;
    if (n >= maxn) return false;
    b |= int(v) << n;
    ++n;
    if (cpos == std::string_view::npos) break;
    s.remove_prefix(cpos + 1);
  }
  *bits = b;
  *count = n;
  return true;
}

int numSrcs(const InstDesc& d) {
  int n = 0;
  for (int i = 0; i < d.num_operands; ++i) {
    Role r = d.operand[i].role;
    if (r == Role::src0 || r == Role::src1 || r == Role::src2) ++n;
  }
  return n;
}

bool isMixRow(const InstDesc& d) {
  if (d.enc != Enc::VOP3P) return false;
  for (int i = 0; i < d.num_operands; ++i)
    if (d.operand[i].role == Role::src0) return d.operand[i].type == OpType::f32;
  return false;
}

bool rowHasRole(const InstDesc& d, Role r) {
  for (int i = 0; i < d.num_operands; ++i)
    if (d.operand[i].role == r) return true;
  return false;
}

int selValue(std::string_view v) {
  for (int i = 0; i < syntax::kNumSdwaSel; ++i)
    if (ieq(v, syntax::kSdwaSel[i])) return i;
  return -1;
}

const char* kDfmt[] = {"INVALID", "8", "16", "8_8", "32", "16_16", "10_11_11", "11_11_10",
                       "10_10_10_2", "2_10_10_10", "8_8_8_8", "32_32", "16_16_16_16",
                       "32_32_32", "32_32_32_32", "RESERVED_15"};
const char* kNfmt[] = {"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "RESERVED_6", "FLOAT"};

// ds_swizzle_b32's "swizzle(MODE,...)" offset (llvm-mc's syntax, the
// inverse of the printer's appendSwizzle). Returns "" or why it is invalid.
std::string parseSwizzle(std::string_view s, int* off) {
  if (s.size() < 9 || !ieq(s.substr(0, 8), "swizzle(") || s.back() != ')')
    return "expected an integer or swizzle(...)";
  s = s.substr(8, s.size() - 9);
  std::vector<std::string> a;
  while (true) {
    size_t cp = s.find(',');
    std::string_view e = s.substr(0, cp);
    while (!e.empty() && e.front() == ' ') e.remove_prefix(1);
    while (!e.empty() && e.back() == ' ') e.remove_suffix(1);
    a.emplace_back(e);
    if (cp == std::string_view::npos) break;
    s.remove_prefix(cp + 1);
  }
  std::vector<int64_t> n(a.size(), -1);
  for (size_t i = 1; i < a.size(); ++i)
    if (!parseIntText(a[i], &n[i])) n[i] = -1;
  auto pow2 = [](int64_t v) { return v > 0 && (v & (v - 1)) == 0; };
  const std::string mode = lower(a[0]);
  if (mode == "quad_perm") {
    if (a.size() != 5) return "swizzle(QUAD_PERM,...) takes four lane indices";
    int v = 0x8000;
    for (int i = 0; i < 4; ++i) {
      if (n[i + 1] < 0 || n[i + 1] > 3) return "QUAD_PERM lane indices must be 0..3";
      v |= int(n[i + 1]) << (2 * i);
    }
    *off = v;
    return "";
  }
  if (mode == "bitmask_perm") {
    if (a.size() != 2 || a[1].size() != 7 || a[1].front() != '"' || a[1].back() != '"')
      return "swizzle(BITMASK_PERM,\"mask\") takes a 5-character mask of 0, 1, p, i";
    int and_m = 0, or_m = 0, xor_m = 0;
    for (int i = 0; i < 5; ++i) {
      int bit = 1 << (4 - i);
      switch (a[1][size_t(i) + 1]) {
        case '0': break;
        case '1': or_m |= bit; break;
        case 'p': and_m |= bit; break;
        case 'i': and_m |= bit; xor_m |= bit; break;
        default: return "BITMASK_PERM mask characters must be 0, 1, p or i";
      }
    }
    *off = and_m | (or_m << 5) | (xor_m << 10);
    return "";
  }
  if (mode == "swap") {
    if (a.size() != 2 || !pow2(n[1]) || n[1] > 16) return "swizzle(SWAP,n) takes a power of two 1..16";
    *off = 0x1f | int(n[1]) << 10;
    return "";
  }
  if (mode == "reverse") {
    if (a.size() != 2 || !pow2(n[1]) || n[1] < 2 || n[1] > 32)
      return "swizzle(REVERSE,n) takes a power of two 2..32";
    *off = 0x1f | int(n[1] - 1) << 10;
    return "";
  }
  if (mode == "broadcast") {
    if (a.size() != 3 || !pow2(n[1]) || n[1] < 2 || n[1] > 32 || n[2] < 0 || n[2] >= n[1])
      return "swizzle(BROADCAST,size,lane) takes a power of two 2..32 and a lane below it";
    *off = int(32 - n[1]) | int(n[2]) << 5;
    return "";
  }
  return "unknown swizzle mode '" + a[0] + "' (QUAD_PERM, BITMASK_PERM, SWAP, REVERSE, BROADCAST)";
}

// One trailing modifier being applied, and the checks every family makes.
struct ModArg {
  Ctx& c;
  const Mod& m;
  bool vop3, vop3p, sdwa, dpp;
  const std::string& n = m.name;
  Inst& in = c.in;
  const InstDesc& d = c.d;
  const Gen g = c.t.gen;
  int64_t v = 0;  // the value intVal() read

  // The families, in the order applyMods asks them: kApplied, kFailed or
  // kNotMine.
  int aluMod();
  int sdwaMod();
  int dppMod(bool* ctrl_seen);
  int memoryMod();
  int smemMod();
  int dsMod();
  int bufferMod();
  int imageMod();
  int flatMod();
  int exportMod();

  bool bad() {
    return c.fail(m.col, "invalid modifier '" + m.name + "' for " + std::string(d.mnemonic) +
                             (isVopShort(d.enc)
                                  ? std::string(" in the ") + formText(c.in.form) + " form"
                                  : ""));
  }
  bool needFlag() {
    if (m.has_value) return c.fail(m.col, "modifier '" + m.name + "' takes no value");
    return true;
  }
  bool intVal(int64_t lo, int64_t hi) {
    if (!m.has_value || !parseIntText(m.value, &v))
      return c.fail(m.vcol, "expected an integer value for '" + m.name + "'");
    if (v < lo || v > hi)
      return c.fail(m.vcol, "value " + std::to_string(v) + " of '" + m.name +
                                "' is out of range [" + std::to_string(lo) + ", " +
                                std::to_string(hi) + "]");
    return true;
  }
};

// What a modifier family or an operand kind made of its input: an error
// (c.err says why; the checks' false converts to it), applied (true), or
// not one of its own.
constexpr int kFailed = 0, kApplied = 1, kNotMine = -1;

// VOP modifiers: clamp, omod (mul/div), op_sel, op_sel_hi, neg_lo, neg_hi.
int ModArg::aluMod() {
  if ((n == "clamp" || n == "mul" || n == "div") && sdwa && d.enc == Enc::VOPC && g == Gen::GFX9)
    return bad();  // GFX9 VOPC SDWA: those bits hold SDST
  if (n == "clamp" && (vop3 || vop3p || sdwa)) {
    if (!needFlag()) return false;
    if (vop3 && in.enc == Enc::VOP3B && g <= Gen::GFX7) return bad();
    in[Fld::CLAMP] = 1;
    return kApplied;
  }
  if ((n == "mul" || n == "div") && (vop3 || (sdwa && g == Gen::GFX9))) {
    if (!intVal(0, 4)) return false;
    if (n == "mul" && v == 2) in[Fld::OMOD] = 1;
    else if (n == "mul" && v == 4) in[Fld::OMOD] = 2;
    else if (n == "div" && v == 2) in[Fld::OMOD] = 3;
    else if (n == "mul" && v == 1) in[Fld::OMOD] = 0;
    else if (n == "div" && v == 1) in[Fld::OMOD] = 0;
    else return c.fail(m.vcol, "invalid output modifier (expected mul:2, mul:4 or div:2)");
    return kApplied;
  }
  if ((n == "op_sel" || n == "op_sel_hi" || n == "neg_lo" || n == "neg_hi") &&
      (vop3p || (vop3 && n == "op_sel" && g == Gen::GFX9))) {
    int bits = 0, cnt = 0;
    int maxn = vop3p ? 3 : 4;
    if (!parseBitList(m.value, maxn, &bits, &cnt))
      return c.fail(m.vcol, "expected a list of 0/1 values like [0,1] for '" + n + "'");
    if (n == "op_sel") {
      if (vop3 && !(d.flags & F_OPSEL)) return bad();
      if (vop3) {
        // VOP3: the entry after the last source is the destination's
        // (bit 3), as llvm-mc reads it: op_sel:[0,0,1] of a two-source op.
        // Entries after it are ignored, as llvm-mc does.
        const int ns = numSrcs(d);
        if (ns < 3) bits = (bits & ((1 << ns) - 1)) | ((bits >> ns & 1) << 3);
      }
      in[Fld::OP_SEL] = bits;
    } else if (n == "op_sel_hi") {
      // Packed (non-mix) ops: entries not written (and the absent src2 of
      // two-source ops) stay 1, as llvm-mc encodes them.
      if (vop3p && !isMixRow(d)) bits |= ~((1 << cnt) - 1) & 7;
      in[Fld::OP_SEL_HI] = bits;
    } else if (n == "neg_lo") {
      in[Fld::NEG] = bits;
    } else {
      in[Fld::NEG_HI] = bits;
    }
    return kApplied;
  }
  return kNotMine;
}

// SDWA selects and dst_unused.
int ModArg::sdwaMod() {
  if (sdwa && (n == "dst_sel" || n == "src0_sel" || n == "src1_sel")) {
    int s = selValue(m.value);
    if (s < 0) return c.fail(m.vcol, "invalid SDWA selector '" + m.value + "' (expected BYTE_0..BYTE_3, WORD_0, WORD_1 or DWORD)");
    if (n == "dst_sel") {
      if (d.enc == Enc::VOPC) return bad();
      in[Fld::DST_SEL] = s;
    } else if (n == "src0_sel") {
      in[Fld::SRC0_SEL] = s;
    } else {
      if (d.enc == Enc::VOP1) return bad();
      in[Fld::SRC1_SEL] = s;
    }
    return kApplied;
  }
  if (sdwa && n == "dst_unused") {
    if (d.enc == Enc::VOPC) return bad();
    int s = -1;
    for (int i = 0; i < syntax::kNumDstUnused; ++i)
      if (ieq(m.value, syntax::kDstUnused[i])) s = i;
    if (s < 0) return c.fail(m.vcol, "invalid dst_unused value '" + m.value + "' (expected UNUSED_PAD, UNUSED_SEXT or UNUSED_PRESERVE)");
    in[Fld::DST_UNUSED] = s;
    return kApplied;
  }
  return kNotMine;
}

// DPP controls (text/syntax.h), row and bank masks, bound_ctrl.
int ModArg::dppMod(bool* ctrl_seen) {
  if (dpp) {
    int ctrl = -1;
    if (n == "quad_perm") {
      std::string_view s = m.value;
      if (s.size() < 2 || s.front() != '[' || s.back() != ']')
        return c.fail(m.vcol, "expected quad_perm:[a,b,c,d]");
      s = s.substr(1, s.size() - 2);
      int k = 0;
      ctrl = 0;
      while (true) {
        size_t cp = s.find(',');
        int64_t e;
        if (!parseIntText(s.substr(0, cp), &e) || e < 0 || e > 3 || k >= 4)
          return c.fail(m.vcol, "quad_perm takes four lane indices 0..3");
        ctrl |= int(e) << (2 * k++);
        if (cp == std::string_view::npos) break;
        s.remove_prefix(cp + 1);
      }
      if (k != 4) return c.fail(m.vcol, "quad_perm takes four lane indices 0..3");
    } else if (syntax::isDppCtrlName(n)) {
      // The entries of that name: a flag, one argument range, or several
      // fixed arguments (row_bcast:15, row_bcast:31).
      std::string takes;
      int lo = 1 << 30, hi = -1;
      bool flag = false;
      for (const syntax::DppCtrl& e : syntax::kDppCtrls) {
        if (n != e.name) continue;
        flag = e.arg_min < 0;
        lo = std::min(lo, e.arg_min);
        hi = std::max(hi, e.arg_max);
        takes += (takes.empty() ? "" : " or ") +
                 (e.arg_min == e.arg_max ? std::to_string(e.arg_min)
                                         : std::to_string(e.arg_min) + ".." + std::to_string(e.arg_max));
      }
      if (flag ? !needFlag() : !intVal(lo, hi)) return false;
      for (const syntax::DppCtrl& e : syntax::kDppCtrls)
        if (n == e.name && (flag || (v >= e.arg_min && v <= e.arg_max)))
          ctrl = e.first + (flag ? 0 : int(v) - e.arg_min);
      if (ctrl < 0) return c.fail(m.vcol, n + " takes " + takes);
    } else if (n == "row_mask" || n == "bank_mask") {
      if (!intVal(0, 15)) return false;
      in[n == "row_mask" ? Fld::ROW_MASK : Fld::BANK_MASK] = int(v);
      return kApplied;
    } else if (n == "bound_ctrl") {
      // LLVM: bound_ctrl:0 sets the BOUND_CTRL bit (errata: the spec
      // describes the bit, the syntax writes 0).
      if (!intVal(0, 1)) return false;
      in[Fld::BOUND_CTRL] = 1;
      return kApplied;
    }
    if (ctrl >= 0) {
      if (*ctrl_seen) return c.fail(m.col, "only one DPP control is allowed");
      *ctrl_seen = true;
      in[Fld::DPP_CTRL] = ctrl;
      return kApplied;
    }
  }
  return kNotMine;
}

// Scalar memory: offset (GFX9), glc, nv.
int ModArg::smemMod() {
  if (n == "offset" && g == Gen::GFX9) {
    if (!intVal(-1048576, 1048575)) return false;
    c.smem_off = true;
    c.smem_off_val = v;
    c.smem_off_col = m.col;
    return kApplied;
  }
  if (n == "glc") { if (!needFlag()) return false; in[Fld::GLC] = 1; return kApplied; }
  if (n == "nv" && g == Gen::GFX9) { if (!needFlag()) return false; in[Fld::NV] = 1; return kApplied; }
  return kNotMine;
}

// DS: offset or offset0/offset1, gds.
int ModArg::dsMod() {
  if (n == "offset" && !(d.flags & F_DS2)) {
    if (m.has_value && m.value.size() > 8 && ieq(std::string_view(m.value).substr(0, 8), "swizzle(")) {
      int off = 0;
      std::string e = (d.flags & F_SWIZZLE) ? parseSwizzle(m.value, &off)
                                            : "swizzle(...) is only valid for ds_swizzle_b32";
      if (!e.empty()) return c.fail(m.vcol, e);
      in[Fld::OFFSET] = off;
      return kApplied;
    }
    if (!intVal(0, 65535)) return false;
    in[Fld::OFFSET] = int(v);
    return kApplied;
  }
  if ((n == "offset0" || n == "offset1") && (d.flags & F_DS2)) {
    if (!intVal(0, 255)) return false;
    in[n == "offset0" ? Fld::OFFSET0 : Fld::OFFSET1] = int(v);
    return kApplied;
  }
  if (n == "gds") {
    if (!needFlag()) return false;
    if (d.flags & F_NOGDS) return bad();
    in[Fld::GDS] = 1;
    return kApplied;
  }
  return kNotMine;
}

// MUBUF and MTBUF: offen/idxen/addr64, offset, cache bits, lds, tfe, and the MTBUF format.
int ModArg::bufferMod() {
  if (n == "offen" || n == "idxen" || n == "glc" || n == "slc" || n == "tfe" ||
      (n == "addr64" && g <= Gen::GFX7) || (n == "lds" && d.enc == Enc::MUBUF)) {
    if (!needFlag()) return false;
    if (n == "lds" && !(d.flags & F_LDS_DIRECT)) return bad();
    Fld f = n == "offen" ? Fld::OFFEN : n == "idxen" ? Fld::IDXEN : n == "glc" ? Fld::GLC
          : n == "slc" ? Fld::SLC : n == "tfe" ? Fld::TFE : n == "addr64" ? Fld::ADDR64 : Fld::LDS;
    in[f] = 1;
    return kApplied;
  }
  if (n == "offset") {
    if (!intVal(0, 4095)) return false;
    in[Fld::OFFSET] = int(v);
    return kApplied;
  }
  if (d.enc == Enc::MTBUF && (n == "dfmt" || n == "nfmt")) {
    if (!intVal(0, n == "dfmt" ? 15 : 7)) return false;
    in[n == "dfmt" ? Fld::DFMT : Fld::NFMT] = int(v);
    return kApplied;
  }
  if (d.enc == Enc::MTBUF && n == "format") {
    std::string_view s = m.value;
    if (s.size() >= 2 && s.front() == '[' && s.back() == ']') s = s.substr(1, s.size() - 2);
    int64_t num;
    if (parseIntText(s, &num)) {
      if (num < 0 || num > 127) return c.fail(m.vcol, "format out of range");
      in[Fld::DFMT] = int(num & 15);
      in[Fld::NFMT] = int(num >> 4);
      return kApplied;
    }
    while (!s.empty()) {
      size_t cp = s.find(',');
      std::string_view e = s.substr(0, cp);
      while (!e.empty() && e.front() == ' ') e.remove_prefix(1);
      while (!e.empty() && e.back() == ' ') e.remove_suffix(1);
      bool ok = false;
      if (e.size() > 16 && ieq(e.substr(0, 16), "BUF_DATA_FORMAT_")) {
        for (int i = 0; i < 16; ++i)
          if (ieq(e.substr(16), kDfmt[i])) { in[Fld::DFMT] = i; ok = true; }
      } else if (e.size() > 15 && ieq(e.substr(0, 15), "BUF_NUM_FORMAT_")) {
        for (int i = 0; i < 8; ++i)
          if (ieq(e.substr(15), kNfmt[i])) { in[Fld::NFMT] = i; ok = true; }
      }
      if (!ok) return c.fail(m.vcol, "unknown buffer format '" + std::string(e) + "'");
      if (cp == std::string_view::npos) break;
      s.remove_prefix(cp + 1);
    }
    return kApplied;
  }
  return kNotMine;
}

// MIMG: dmask, unorm, cache bits, r128/a16, tfe, lwe, da, d16.
int ModArg::imageMod() {
  if (n == "dmask") {
    if (!intVal(0, 15)) return false;
    in[Fld::DMASK] = int(v);
    return kApplied;
  }
  if (n == "unorm" || n == "glc" || n == "slc" || n == "tfe" || n == "lwe" || n == "da" ||
      (n == "r128" && g != Gen::GFX9) || (n == "a16" && g == Gen::GFX9) ||
      (n == "d16" && g >= Gen::GFX8)) {
    if (!needFlag()) return false;
    if (n == "d16" && (d.flags & F_NO_D16)) return bad();
    Fld f = n == "unorm" ? Fld::UNORM : n == "glc" ? Fld::GLC : n == "slc" ? Fld::SLC
          : n == "tfe" ? Fld::TFE : n == "lwe" ? Fld::LWE : n == "da" ? Fld::DA
          : n == "d16" ? Fld::D16 : Fld::R128;
    in[f] = 1;
    return kApplied;
  }
  return kNotMine;
}

// FLAT, GLOBAL and SCRATCH: offset (GFX8+ as llvm-mc takes it), glc, slc, lds (GFX9).
int ModArg::flatMod() {
  if (n == "glc" || n == "slc") {
    if (!needFlag()) return false;
    in[n == "glc" ? Fld::GLC : Fld::SLC] = 1;
    return kApplied;
  }
  if (n == "offset" && g >= Gen::GFX8) {
    if (g == Gen::GFX9 && (d.flags & (F_GLOBAL | F_SCRATCH))) {
      if (!intVal(-4096, 4095)) return false;
      in[Fld::OFFSET] = int(v) & 0x1fff;
    } else {
      // llvm-mc takes 0..4095 on GFX9, llvm-objdump prints bits 0-12
      // unsigned: accepting what it prints lets the text round-trip
      // (FLAT_GFX9_FLAT_OFFSET_WIDTH). On GFX8 validateInst refuses
      // any offset, as llvm-mc does (MEM_ASSEMBLER_ONLY_STRICT).
      if (!intVal(0, 8191)) return false;
      in[Fld::OFFSET] = int(v);
    }
    return kApplied;
  }
  if (n == "lds" && g == Gen::GFX9 && (d.flags & F_LDS_DIRECT)) {
    if (!needFlag()) return false;
    in[Fld::LDS] = 1;
    return kApplied;
  }
  return kNotMine;
}

// EXP: done, compr, vm.
int ModArg::exportMod() {
  if (n == "done" || n == "compr" || n == "vm") {
    if (!needFlag()) return false;
    in[n == "done" ? Fld::DONE : n == "compr" ? Fld::COMPR : Fld::VM] = 1;
    return kApplied;
  }
  return kNotMine;
}

// Cache, offset and format modifiers of the memory encodings and EXP.
int ModArg::memoryMod() {
  switch (d.enc) {
    case Enc::SMEM:
      return smemMod();
    case Enc::DS:
      return dsMod();
    case Enc::MUBUF:
    case Enc::MTBUF:
      return bufferMod();
    case Enc::MIMG:
      return imageMod();
    case Enc::FLAT:
      return flatMod();
    case Enc::EXP:
      return exportMod();
    default:
      return kNotMine;
  }
}

// Applies trailing modifiers for the row's family: each family in turn
// takes the modifier, refuses it, or leaves it to the next.
bool applyMods(Ctx& c) {
  const InstDesc& d = c.d;
  bool dpp_ctrl_seen = false;
  for (const Mod& m : c.syn.mods) {
    const Inst& in = c.in;
    ModArg a{c, m, in.enc == Enc::VOP3 || in.enc == Enc::VOP3B, in.enc == Enc::VOP3P,
             in.form == Form::SDWA, in.form == Form::DPP};
    // An operand-less row's SDWA form has no selects or modifiers
    // (VOP1_NO_OPERAND_SDWA_DPP).
    if (a.sdwa && (d.flags & F_BARE)) return a.bad();
    int r = a.aluMod();
    if (r == kNotMine) r = a.sdwaMod();
    if (r == kNotMine) r = a.dppMod(&dpp_ctrl_seen);
    if (r == kNotMine) r = a.memoryMod();
    if (r == kNotMine && m.name == "high" && (d.flags & F_INTERP_HIGH)) {
      if (!a.needFlag()) return false;
      c.in[Fld::SRC0] |= 0x100;
      continue;
    }
    if (r == kNotMine) return a.bad();
    if (r == kFailed) return false;
  }
  return true;
}

// One operand item being converted for row operand `op` (field f).
struct OperandArg {
  Ctx& c;
  const OperandSpec& op;
  const Item& it;
  Fld f;
  bool memory;    // a memory, export or interpolation row
  bool has_mods;  // neg/abs/sext written on the item
  Inst& in = c.in;
  const Gen g = c.t.gen;
  const InstDesc& d = c.d;

  // The operand kinds: specialOperand answers kApplied, kFailed or
  // kNotMine; the others own the operand they are given.
  int specialOperand();
  // A structured 16-bit immediate written as a plain number: kApplied or
  // kFailed, kNotMine when the item is no number. `what` starts the range
  // error ("hwreg ").
  int rawImm16(const char* what);
  int immediateOperand();
  int hwregOperand();
  int sendmsgOperand();
  int gpridxOperand();
  int exportTargetOperand();
  int interpAttrOperand();
  int interpParamOperand();
  int waitcntOperand();
  int scalarMemOffsetOperand();
  bool offOperand();
  bool vregOperand();
  bool sregOperand();
  bool sourceOperand();

  bool invalid(std::string why) {
    return c.fail(it.col, "invalid operand for instruction: " + why);
  }
  bool noMods() {
    if (has_mods) return c.fail(it.col, "operand modifiers are not allowed here");
    return true;
  }
};

// A branch target or plain 16-bit immediate.
int OperandArg::immediateOperand() {
  if (!noMods()) return false;
  if (it.kind != Item::INT) return invalid("expected an integer");
  if (it.ival < -32768 || it.ival > 65535) return c.fail(it.col, "immediate " + std::to_string(it.ival) + " does not fit in 16 bits");
  in[f] = int(it.ival & 0xffff);
  return true;
}

int OperandArg::rawImm16(const char* what) {
  if (it.kind != Item::INT) return kNotMine;
  if (it.ival < 0 || it.ival > 65535)
    return c.fail(it.col, std::string(what) + "immediate does not fit in 16 bits");
  in[f] = int(it.ival);
  return kApplied;
}

// hwreg(...) or a raw 16-bit value.
int OperandArg::hwregOperand() {
  if (!noMods()) return false;
  if (const int r = rawImm16("hwreg "); r != kNotMine) return r;
  if (it.kind != Item::FUNC || it.word != "hwreg") return invalid("expected hwreg(...)");
  uint32_t imm = 0;
  std::string e;
  if (!parseHwreg(g, it.args, &imm, &e)) return c.fail(it.args_col, e);
  in[f] = int(imm);
  return true;
}

// sendmsg(...) or a raw 16-bit value.
int OperandArg::sendmsgOperand() {
  if (!noMods()) return false;
  if (const int r = rawImm16("sendmsg "); r != kNotMine) return r;
  if (it.kind != Item::FUNC || it.word != "sendmsg") return invalid("expected sendmsg(...)");
  uint32_t imm = 0;
  std::string e;
  if (!parseSendmsg(g, it.args, &imm, &e)) return c.fail(it.args_col, e);
  in[f] = int(imm);
  return true;
}

// gpr_idx(...) mode bits.
int OperandArg::gpridxOperand() {
  if (!noMods()) return false;
  if (const int r = rawImm16(""); r != kNotMine) return r;
  if (it.kind != Item::FUNC || it.word != "gpr_idx") return invalid("expected gpr_idx(...)");
  int bits = 0;
  std::string_view s = it.args;
  while (!s.empty()) {
    size_t cp = s.find(',');
    std::string_view e = s.substr(0, cp);
    while (!e.empty() && e.front() == ' ') e.remove_prefix(1);
    while (!e.empty() && e.back() == ' ') e.remove_suffix(1);
    int b = ieq(e, "SRC0") ? 1 : ieq(e, "SRC1") ? 2 : ieq(e, "SRC2") ? 4 : ieq(e, "DST") ? 8 : 0;
    if (!b) return c.fail(it.args_col, "expected SRC0, SRC1, SRC2 or DST in gpr_idx(...)");
    if (bits & b) return c.fail(it.args_col, "duplicate VGPR index mode");
    bits |= b;
    if (cp == std::string_view::npos) break;
    s.remove_prefix(cp + 1);
  }
  in[f] = bits;
  return true;
}

// An export target (mrt, mrtz, null, pos, param).
int OperandArg::exportTargetOperand() {
  if (!noMods()) return false;
  if (it.kind != Item::WORD) return invalid("expected an export target (mrt0..7, mrtz, null, pos0..3, param0..31)");
  const std::string& w = it.word;
  int tgt = -1;
  auto num = [&](size_t pre, int lo, int hi) {
    if (w.size() <= pre || w.size() > pre + 2) return -1;
    int x = 0;
    for (size_t k = pre; k < w.size(); ++k) {
      if (!std::isdigit(static_cast<unsigned char>(w[k]))) return -1;
      x = x * 10 + (w[k] - '0');
    }
    return x >= lo && x <= hi ? x : -1;
  };
  if (w == "mrtz") tgt = 8;
  else if (w == "null") tgt = 9;
  else if (w.rfind("mrt", 0) == 0 && num(3, 0, 7) >= 0) tgt = num(3, 0, 7);
  else if (w.rfind("pos", 0) == 0 && num(3, 0, 3) >= 0) tgt = 12 + num(3, 0, 3);
  else if (w.rfind("param", 0) == 0 && num(5, 0, 31) >= 0) tgt = 32 + num(5, 0, 31);
  // llvm-objdump's spelling of the reserved targets (its assembler
  // refuses them; errata EXP_INVALID_TARGET_TEXT).
  else if (w.rfind("invalid_target_", 0) == 0 && num(15, 0, 63) >= 0) tgt = num(15, 0, 63);
  if (tgt < 0) return invalid("unknown export target '" + w + "'");
  in[Fld::TGT] = tgt;
  return true;
}

// An interpolation attribute and channel, attrN.c.
int OperandArg::interpAttrOperand() {
  if (!noMods()) return false;
  if (it.kind != Item::WORD || it.word.rfind("attr", 0) != 0) return invalid("expected attrN.x/y/z/w");
  size_t dot = it.word.find('.');
  if (dot == std::string::npos || dot + 2 != it.word.size()) return invalid("expected attrN.x/y/z/w");
  int64_t a;
  if (!parseIntText(std::string_view(it.word).substr(4, dot - 4), &a) || a < 0 || a > 63)
    return c.fail(it.col, "interpolation attribute out of range (attr0..attr63)");
  const char* chans = "xyzw";
  const char* cp = std::strchr(chans, it.word[dot + 1]);
  if (!cp || !*cp) return invalid("expected channel .x, .y, .z or .w");
  int ch = int(cp - chans);
  if (in.enc == Enc::VOP3) {
    in[Fld::SRC0] = (in[Fld::SRC0] & 0x100) | int(a) | (ch << 6);
  } else {
    in[Fld::ATTR] = int(a);
    in[Fld::ATTRCHAN] = ch;
  }
  return true;
}

// An interpolation parameter (p10, p20, p0).
int OperandArg::interpParamOperand() {
  if (in.enc != Enc::VOP3 && !noMods()) return false;
  int p = -1;
  if (it.kind == Item::WORD) p = it.word == "p10" ? 0 : it.word == "p20" ? 1 : it.word == "p0" ? 2 : -1;
  if (p < 0 && it.kind == Item::WORD && it.word.rfind("invalid_param_", 0) == 0) {
    // The printer's spelling of reserved values (llvm-objdump prints
    // them, its assembler refuses them; errata INTERP_INVALID_PARAM_TEXT).
    int64_t v;
    const int64_t hi = in.enc == Enc::VOP3 ? 511 : 255;
    if (parseIntText(std::string_view(it.word).substr(14), &v) && v >= 0 && v <= hi) p = int(v);
  }
  if (p < 0) return invalid("expected p10, p20 or p0");
  if (in.enc == Enc::VOP3) {
    if (it.abs) in[Fld::ABS] |= 2;
    if (it.neg) in[Fld::NEG] |= 2;
    in[Fld::SRC1] = p;
  } else {
    in[Fld::VSRC] = p;
  }
  return true;
}

// A waitcnt immediate written as a number.
int OperandArg::waitcntOperand() {
  if (!noMods()) return false;
  if (const int r = rawImm16("s_waitcnt "); r != kNotMine) return r;
  return invalid("expected vmcnt(N), expcnt(N), lgkmcnt(N) or an integer");
}

// A scalar memory offset: an SGPR or an immediate.
int OperandArg::scalarMemOffsetOperand() {
  if (!noMods()) return false;
  if (c.smem_off) {
    // GFX9: "sbase, soffset offset:imm" -> SOE=1, IMM=1.
    if (it.kind != Item::REG || it.dw != 1 || it.code >= 256 || isInlineConstant(g, it.code))
      return c.fail(c.smem_off_col, "offset: needs an SGPR soffset operand");
    in[Fld::SOE] = 1;
    in[Fld::IMM] = 1;
    in[Fld::SOFFSET] = it.code;
    in[Fld::OFFSET] = int(c.smem_off_val);
    return true;
  }
  if (it.kind == Item::INT && d.enc == Enc::SMRD && g == Gen::GFX7 && (it.ival < 0 || it.ival > 255)) {
    // GFX7 SMRD: a 32-bit literal offset (OFFSET = 0xff, IMM = 0).
    if (it.ival < 0 || it.ival > int64_t(UINT32_MAX))
      return c.fail(it.col, "offset " + std::to_string(it.ival) + " does not fit in 32 bits");
    in[Fld::IMM] = 0;
    in[Fld::OFFSET] = opc::kLiteral;
    c.lit_used = true;
    c.in.literal = uint32_t(it.ival);
    return true;
  }
  if (it.kind == Item::INT) {
    int64_t hi = d.enc == Enc::SMRD ? 255 : g == Gen::GFX9 ? 1048575 : 1048575;
    int64_t lo = d.enc == Enc::SMEM && g == Gen::GFX9 ? -1048576 : 0;
    if (it.ival < lo || it.ival > hi)
      return c.fail(it.col, "offset " + std::to_string(it.ival) + " is out of range [" +
                                std::to_string(lo) + ", " + std::to_string(hi) + "]");
    in[Fld::IMM] = 1;
    in[Fld::OFFSET] = int(it.ival);
    return true;
  }
  if (it.kind == Item::REG && it.dw == 1 && it.code < 256) {
    if (isInlineConstant(g, it.code)) return invalid("offset must be an SGPR or an immediate");
    in[Fld::IMM] = 0;
    in[Fld::OFFSET] = it.code;
    return true;
  }
  return invalid("expected an SGPR or an immediate offset");
}

// Operands of a kind with its own syntax (branch targets, 16-bit
// immediates, hwreg, sendmsg, gpr_idx, export targets, interpolation
// attributes and parameters, waitcnt, scalar memory offsets): kApplied (a
// `return true`), kFailed, or kNotMine for register and source operands.
int OperandArg::specialOperand() {
  switch (op.type) {
    case OpType::label:
    case OpType::imm16:
    case OpType::imm16opt:
      return immediateOperand();
    case OpType::hwreg:
      return hwregOperand();
    case OpType::sendmsg:
      return sendmsgOperand();
    case OpType::gpridx:
      return gpridxOperand();
    case OpType::exptgt:
      return exportTargetOperand();
    case OpType::interpattr:
      return interpAttrOperand();
    case OpType::interpparam:
      return interpParamOperand();
    case OpType::waitcnt:
      return waitcntOperand();
    case OpType::smrdoff:
    case OpType::smemoff:
      return scalarMemOffsetOperand();
    default:
      return kNotMine;
  }
}

// A memory operand written "off" (vaddr, saddr, an unused export source).
bool OperandArg::offOperand() {
  if (op.role == Role::vaddr) {
    if (d.enc == Enc::MUBUF || d.enc == Enc::MTBUF) {
      if (in[Fld::OFFEN] || in[Fld::IDXEN] || in[Fld::ADDR64])
        return invalid("vaddr cannot be off with offen/idxen/addr64");
      in[Fld::VADDR] = 0;
      return true;
    }
    if (d.enc == Enc::FLAT && (d.flags & F_SCRATCH)) {
      in[Fld::VADDR] = 0;
      return true;
    }
    return invalid("vaddr cannot be off");
  }
  if (op.role == Role::saddr) {
    in[Fld::SADDR] = 0x7f;
    return true;
  }
  if (d.enc == Enc::EXP && op.role >= Role::vsrc0 && op.role <= Role::vsrc3) return true;  // EN handled by caller
  return invalid("'off' is not allowed here");
}

// A VGPR operand (VGPR-only slot).
bool OperandArg::vregOperand() {
  const int vsi = sourceIndex(op.role);
  const bool mods_ok = vsi >= 0 && (in.enc == Enc::VOP3 || in.enc == Enc::VOP3B) &&
                       !(d.flags & (F_NO_MODS | F_INT_MODS)) && !it.sext;
  if (has_mods && mods_ok) {
    // VGPR-only sources of VOP3 rows (v_interp_*_f16) still take neg/abs.
    if (it.neg) in[Fld::NEG] |= 1 << vsi;
    if (it.abs) in[Fld::ABS] |= 1 << vsi;
  } else if (!noMods()) {
    return false;
  }
  // A VGPR-or-LDS source slot (v_readfirstlane_b32) also takes
  // src_lds_direct, as llvm-mc prints and assembles it.
  if (it.kind == Item::REG && it.code == opc::kLdsDirect && isSrcField(f) && it.dw == 1 &&
      !memory) {
    in[f] = it.code;
    return true;
  }
  if (it.kind != Item::REG || it.code < 256) return invalid("expected a VGPR");
  if (d.enc == Enc::MIMG && f == Fld::VDATA) in[f] = it.code - 256;  // width rule reads it
  int want = memory ? operandDwords(in, op) : typeDwords(op.type);
  if (it.dw != want)
    return invalid("expected " + std::to_string(want) + " VGPR" + (want > 1 ? "s" : "") + ", got " + std::to_string(it.dw));
  if (it.code - 256 + it.dw > 256) return invalid("VGPR range exceeds v255");
  if (op.role == Role::vaddr) c.vaddr_col = it.col;
  in[f] = isSrcField(f) ? it.code : it.code - 256;
  return true;
}

// A scalar register operand (SGPR-only slot).
bool OperandArg::sregOperand() {
  if (!noMods()) return false;
  int want = memory ? operandDwords(in, op) : typeDwords(op.type);
  if (it.kind != Item::REG || it.code >= 256) return invalid("expected a scalar register");
  if (it.dw == 1 && want == 2 && ((it.code >= 235 && it.code <= 239) || (it.code >= 251 && it.code <= 253)))
    ;  // src_* specials name 64-bit values too
  else if (it.dw != want)
    return invalid("expected a " + std::to_string(want) + "-dword scalar register, got " + std::to_string(it.dw));
  if (isInlineConstant(g, it.code) && op.role != Role::ssrc0 && op.role != Role::ssrc1)
    return invalid("expected a scalar register");
  std::string name;
  const bool rsrc = (f == Fld::SRSRC || f == Fld::SSAMP) && memorySregTupleValid(g, it.code, it.dw);
  if (!appendScalarRegName(g, it.code, it.dw, &name) && !rsrc)
    return invalid("register does not exist on this target");
  int align = it.dw != want ? 1 : want >= 4 ? 4 : want == 2 ? 2 : 1;
  bool plain = isTupleScalar(g, it.code);
  if (plain && it.code % align)
    return invalid("register range " + name + " must start at a multiple of " + std::to_string(align));
  if (f == Fld::SRSRC || f == Fld::SSAMP) {
    if (!memorySregTupleValid(g, it.code, it.dw))
      return invalid("resource descriptor must be an aligned SGPR or TTMP quad");
    in[f] = it.code;
  } else if (f == Fld::SBASE) {
    if (it.code % 2) return invalid("base address must be an even SGPR");
    in[f] = it.code;
  } else {
    in[f] = it.code;
  }
  return true;
}

// A source operand: register, inline constant or literal, with modifiers.
bool OperandArg::sourceOperand() {
  // Source operand: register, inline constant, literal, with modifiers.
  int si = sourceIndex(op.role);
  const bool e32 = in.form == Form::E32;
  const bool vop3p = in.enc == Enc::VOP3P;
  bool allow_lit = !(in.enc == Enc::VOP3 || in.enc == Enc::VOP3B || vop3p || in.form == Form::SDWA ||
                     in.form == Form::DPP);
  if (d.enc == Enc::MUBUF || d.enc == Enc::MTBUF) allow_lit = false;  // soffset
  if (has_mods) {
    if (si < 0) return c.fail(it.col, "operand modifiers are not allowed here");
    if (e32) return c.fail(it.col, "source modifiers need the e64 form");
    if (it.sext && in.form != Form::SDWA && in.form != Form::DPP &&
        !(in.enc == Enc::VOP3 || in.enc == Enc::VOP3B))
      return c.fail(it.col, "sext() is only allowed in the VOP3, SDWA and DPP forms");
    if (vop3p) {
      if (it.abs && !isMixRow(d)) return c.fail(it.col, "abs is not allowed for packed math");
      if (it.sext) return c.fail(it.col, "sext() is not allowed here");
    } else if (in.enc == Enc::VOP3 || in.enc == Enc::VOP3B) {
      if (d.flags & (F_NO_MODS | F_INT_MODS))
        return c.fail(it.col, "source modifiers are not allowed for " + std::string(d.mnemonic));
    } else if (in.form != Form::SDWA && in.form != Form::DPP) {
      return c.fail(it.col, "operand modifiers are not allowed here");
    }
    if (it.sext && isFloatSourceType(op.type)) return c.fail(it.col, "sext() is not allowed for a floating-point operand");
    if ((it.neg || it.abs) && !isFloatSourceType(op.type) && !(vop3p && !isMixRow(d)) &&
        !(d.flags & F_BITS_MODS))
      return c.fail(it.col, "neg/abs modifiers need a floating-point operand");
  }
  int code;
  if (it.kind == Item::REG) {
    if (it.dw == 1 && typeDwords(op.type) == 2 &&
        ((it.code >= 235 && it.code <= 239) || (it.code >= 251 && it.code <= 254)))
      ;  // src_* specials read as 64-bit under the same name
    else if (it.dw != typeDwords(op.type)) {
      if (!(it.dw == 1 && typeDwords(op.type) == 1))
        return invalid("expected a " + std::to_string(typeDwords(op.type)) + "-dword operand, got a " +
                       std::to_string(it.dw) + "-dword register");
    }
    code = it.code;
    if (code < 256) {
      std::string name;
      if (!appendScalarRegName(g, code, it.dw, &name) && !isInlineConstant(g, code))
        return invalid("register does not exist on this target");
      if (it.dw > 1) {
        int align = it.dw >= 4 ? 4 : 2;
        bool plain = isTupleScalar(g, code);
        if (plain && code % align)
          return invalid("register range " + name + " must start at a multiple of " + std::to_string(align));
      }
    }
  } else if (it.kind == Item::INT || it.kind == Item::FLT) {
    if (!encodeImmSource(c, it, op.type, allow_lit, &code)) return false;
  } else {
    return invalid("unexpected " + describe(it));
  }
  // Field constraints of the form (VGPR-only slots, 8-bit SDWA codes ...).
  const FieldSlot* slot = c.slotOf(f);
  if (!slot) {
    if (f == Fld::SRC0 && (in.form == Form::SDWA || in.form == Form::DPP))
      return invalid("no SRC0 slot");
    return invalid("this operand cannot be encoded in this form");
  }
  const bool lane_raw = d.enc == Enc::VOP2 && in.form == Form::E32 && f == Fld::SRC1 &&
                        (d.flags & (F_LANE_READ | F_LANE_WRITE));
  if (lane_raw && (code >= 256 || code == opc::kLiteral || code == opc::kLdsDirect))
    return invalid("the lane select must be an SGPR, M0 or an inline constant");
  if (slot->xform == Xform::VGPR && code < 256 && !lane_raw)
    return invalid(std::string(f == Fld::SRC1 ? "src1" : f == Fld::SRC0 ? "src0" : "operand") +
                   " must be a VGPR in the " + formText(in.form) + " form");
  if (slot->xform == Xform::NONE && slot->width < 9 && code >= 256 && !isSrcField(f))
    return invalid("operand cannot be a VGPR");
  if ((in.form == Form::SDWA) && code == opc::kLiteral) return c.fail(it.col, "literal operands are not supported");
  if (f == Fld::SOFFSET && code >= 256) return invalid("soffset must be an SGPR or an inline constant");
  if (!isSrcField(f) && f != Fld::SSRC0 && f != Fld::SSRC1 && f != Fld::SOFFSET && code >= 256)
    return invalid("expected a scalar operand");
  if ((f == Fld::SSRC0 || f == Fld::SSRC1) && code >= 256) return invalid("scalar instructions cannot read VGPRs");
  if (code < 256 && !isInlineConstant(g, code) && code != opc::kLdsDirect) c.last_bus_col = it.col;
  in[f] = code;
  if (si >= 0) {
    if (it.neg) {
      if (vop3p && isMixRow(d)) in[Fld::NEG] |= 1 << si;
      else in[Fld::NEG] |= 1 << si;
    }
    if (it.abs) {
      if (vop3p) in[Fld::NEG_HI] |= 1 << si;
      else in[Fld::ABS] |= 1 << si;
    }
    if (it.sext) {
      // DPP and VOP3 have no SEXT bit: llvm-mc encodes sext() of an integer
      // operand in that source's NEG bit (SISrcMods::SEXT == NEG).
      if (in.form != Form::SDWA) in[Fld::NEG] |= 1 << si;
      else in[Fld::SEXT] |= 1 << si;
    }
  }
  return true;
}

// Converts one operand item for row operand `op` (index i).
bool assignOperand(Ctx& c, const OperandSpec& op, const Item& it) {
  Inst& in = c.in;
  const Gen g = c.t.gen;
  const InstDesc& d = c.d;
  const bool memory = d.enc == Enc::DS || d.enc == Enc::MUBUF || d.enc == Enc::MTBUF ||
                      d.enc == Enc::MIMG || d.enc == Enc::FLAT || d.enc == Enc::EXP ||
                      d.enc == Enc::VINTRP;
  const bool has_mods = it.neg || it.abs || it.sext;
  Fld f = fieldFor(in, op);
  OperandArg a{c, op, it, f, memory, has_mods};
  auto invalid = [&](std::string why) { return a.invalid(std::move(why)); };
  auto noMods = [&] { return a.noMods(); };

  // Implicit vcc (e32/DPP/GFX8-SDWA sdst, src2 of v_cndmask/v_addc e32).
  if (f == Fld::kCount) {
    if (!noMods()) return false;
    if (it.kind != Item::REG || it.code != opc::kVccLo || it.dw != 2)
      return invalid(std::string("the ") + formText(in.form) + " form requires vcc here");
    return true;
  }
  // SDWA VOPC sdst: vcc (SD=0) or an SGPR pair (GFX9).
  if (op.role == Role::sdst && op.type == OpType::s64 && in.form == Form::SDWA) {
    if (!noMods()) return false;
    if (it.kind != Item::REG || it.dw != 2 || it.code >= 256) return invalid("expected vcc or an SGPR pair");
    if (it.code == opc::kVccLo) return true;
    bool has_sd = false;
    for (const FieldSlot& s : c.ext_layout)
      if (s.fld == Fld::SD) has_sd = true;
    if (!has_sd) return invalid("only vcc is allowed as SDWA VOPC destination on " + std::string(genName(g)));
    in[Fld::SD] = 1;
    in[Fld::SDST] = it.code;
    return true;
  }
  if (const int r = a.specialOperand(); r != kNotMine) return r == kApplied;
  if (memory && it.kind == Item::WORD && it.word == "off") return a.offOperand();
  if (isVectorRegType(op.type)) return a.vregOperand();
  if (isScalarRegType(op.type)) return a.sregOperand();
  if (!isSourceType(op.type)) return invalid("unsupported operand kind");
  return a.sourceOperand();
}

bool flatVdstPresent(const Inst& in) {
  const InstDesc& d = in.desc();
  if (d.enc == Enc::FLAT && (d.flags & F_ATOMIC)) return in[Fld::GLC] != 0;
  return true;
}

bool buildInst(Ctx& c) {
  Inst& in = c.in;
  const InstDesc& d = c.d;
  const Target& t = c.t;
  const Gen g = t.gen;
  const GenIndex& gi = genIndex(g);
  if (!gi.enc[int(in.enc)].present)
    return c.fail(1, std::string(encName(in.enc)) + " encoding does not exist on " + std::string(t.name));
  c.layout = gi.enc[int(in.enc)].fields;
  if (in.form == Form::SDWA || in.form == Form::DPP) {
    Enc x = in.form == Form::SDWA ? Enc::SDWA : Enc::DPP;
    if (!gi.enc[int(x)].present)
      return c.fail(1, std::string(formText(in.form)) + " is not supported on " + std::string(t.name));
    c.ext_layout = gi.enc[int(x)].fields;
  }
  Enc space = in.enc == Enc::VOP3B ? Enc::VOP3 : in.enc;
  in[Fld::OP] = opcodeIn(d, g, space);
  // Defaults.
  if (in.form == Form::SDWA && !(d.flags & F_BARE)) {
    in[Fld::DST_SEL] = d.enc == Enc::VOPC ? 0 : 6;
    in[Fld::DST_UNUSED] = d.enc == Enc::VOPC ? 0 : 2;
    in[Fld::SRC0_SEL] = 6;
    in[Fld::SRC1_SEL] = d.enc == Enc::VOP1 ? 0 : 6;
  }
  if (in.form == Form::DPP) {
    in[Fld::ROW_MASK] = 0xf;
    in[Fld::BANK_MASK] = 0xf;
    in[Fld::DPP_CTRL] = -1;
  }
  if (in.enc == Enc::VOP3P) in[Fld::OP_SEL_HI] = isMixRow(d) ? 0 : 7;
  if (d.enc == Enc::MTBUF) in[Fld::DFMT] = 1;
  if (d.enc == Enc::FLAT && g == Gen::GFX9) {
    in[Fld::SEG] = (d.flags & F_GLOBAL) ? 2 : (d.flags & F_SCRATCH) ? 1 : 0;
    in[Fld::SADDR] = (d.flags & (F_GLOBAL | F_SCRATCH)) ? 0x7f : 0;
  }
  if (d.enc == Enc::MUBUF && (d.flags & F_LDS_DIRECT)) in[Fld::LDS] = 1;
  if (d.enc == Enc::DS && (d.flags & F_GDS_ONLY)) in[Fld::GDS] = 1;
  if (d.enc == Enc::SOPP && !d.operands.empty() && d.operand[0].type == OpType::waitcnt) {
    WaitcntFields mx = waitcntMax(g);
    uint32_t imm = 0;
    encodeWaitcntField(g, "vmcnt", mx.vm, &imm);
    encodeWaitcntField(g, "expcnt", mx.exp, &imm);
    encodeWaitcntField(g, "lgkmcnt", mx.lgkm, &imm);
    in[Fld::SIMM16] = int(imm);
  }

  if (!applyMods(c)) return false;
  if (in.form == Form::DPP && in[Fld::DPP_CTRL] < 0)
    return c.fail(c.syn.end_col, "DPP form needs a control (quad_perm:, row_shl:, ...)");
  // The LDS-direct rows (MUBUF, GFX9 FLAT) exist only with 'lds': without
  // it the text names the row with a vdst (asm_fuzzer finding:
  // "scratch_load_sbyte off, s0" was taken as the lds row).
  if ((d.enc == Enc::MUBUF || d.enc == Enc::FLAT) && (d.flags & F_LDS_DIRECT)) {
    bool lds = false;
    for (const Mod& m : c.syn.mods) lds |= m.name == "lds";
    if (!lds) return c.fail(1, "this form of " + std::string(d.mnemonic) + " needs 'lds'");
  }
  if (d.enc == Enc::DS && (d.flags & F_GDS_ONLY)) {
    bool gds = false;
    for (const Mod& m : c.syn.mods) gds |= m.name == "gds";
    if (!gds) return c.fail(1, std::string(d.mnemonic) + " requires gds");
  }

  // Operands.
  const auto& items = c.syn.items;
  if (d.enc == Enc::FLAT && g == Gen::GFX9 && (d.flags & F_GLOBAL) && !items.empty() &&
      !(items.back().kind == Item::WORD && items.back().word == "off"))
    in[Fld::SADDR] = 0;  // saddr given: vaddr is 32-bit (set properly below)
  size_t k = 0;
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    if (op.role == Role::vdst && !flatVdstPresent(in)) continue;
    if (op.type == OpType::imm16opt && k >= items.size()) continue;
    if (op.role == Role::k) {
      if (k >= items.size()) return c.fail(c.syn.end_col, "too few operands: missing the literal constant");
      const Item& it = items[k++];
      if (it.kind != Item::INT && it.kind != Item::FLT)
        return c.fail(it.col, "invalid operand for instruction: expected a constant");
      if (it.neg || it.abs || it.sext) return c.fail(it.col, "operand modifiers are not allowed here");
      uint32_t v;
      int bits = constantBits(op.type);
      if (it.kind == Item::FLT) {
        if (d.enc == Enc::SOPK) {
          // llvm-mc quirk (errata candidate): s_setreg_imm32_b32's imm32
          // takes the low 32 bits of the double ("1.0" -> 0).
          double dv = it.fval;
          uint64_t b;
          std::memcpy(&b, &dv, 8);
          v = uint32_t(b);
        } else if (bits == 16) {
          v = floatToHalf(float(it.fval));
        } else {
          float fv = float(it.fval);
          std::memcpy(&v, &fv, 4);
        }
      } else {
        // A 16-bit K (v_madmk_f16/v_madak_f16) printed by llvm-objdump as
        // the whole literal dword is kept whole (errata
        // VOP2_MADMK_F16_K_DWORD: llvm-mc refuses it); negative values are
        // 16-bit patterns.
        int64_t lim = int64_t(UINT32_MAX);
        int64_t lo = bits == 16 ? -32768 : INT32_MIN;
        if (it.ival < lo || it.ival > lim) return c.fail(it.col, "literal does not fit in " + std::to_string(bits) + " bits");
        v = it.ival < 0 && bits == 16 ? uint32_t(it.ival) & 0xffffu : uint32_t(it.ival);
      }
      // A 16-bit source literal before K shares K's low half.
      const bool same = c.in.literal == v || (bits == 16 && c.in.literal <= 0xffffu &&
                                              (v & 0xffffu) == c.in.literal);
      if (c.lit_used && !same) return c.fail(it.col, "only one literal operand is allowed");
      c.lit_used = true;
      in.literal = v;
      continue;
    }
    if (k >= items.size())
      return c.fail(c.syn.end_col, "too few operands for " + std::string(d.mnemonic) + " (missing " +
                                       std::string(roleName(op.role)) + ")");
    // s_waitcnt: a run of counter functions.
    if (op.type == OpType::waitcnt && items[k].kind == Item::FUNC) {
      uint32_t imm = uint32_t(in[Fld::SIMM16]);
      while (k < items.size() && items[k].kind == Item::FUNC) {
        const Item& it = items[k];
        std::string name = it.word;
        bool sat = false;
        if (name.size() > 4 && name.compare(name.size() - 4, 4, "_sat") == 0) {
          sat = true;
          name.resize(name.size() - 4);
        }
        if (name != "vmcnt" && name != "expcnt" && name != "lgkmcnt")
          return c.fail(it.col, "invalid counter name '" + it.word + "'");
        int64_t v;
        if (!parseIntText(it.args, &v) || v < 0) return c.fail(it.args_col, "expected a counter value");
        WaitcntFields mx = waitcntMax(g);
        unsigned lim = name == "vmcnt" ? mx.vm : name == "expcnt" ? mx.exp : mx.lgkm;
        if (uint64_t(v) > lim) {
          if (!sat) return c.fail(it.args_col, "too large value for " + name);
          v = lim;
        }
        encodeWaitcntField(g, name, unsigned(v), &imm);
        ++k;
      }
      in[Fld::SIMM16] = int(imm);
      continue;
    }
    const Item& it = items[k++];
    if (d.enc == Enc::EXP && op.role >= Role::vsrc0 && op.role <= Role::vsrc3) {
      int kk = int(op.role) - int(Role::vsrc0);
      bool off = it.kind == Item::WORD && it.word == "off";
      if (in[Fld::COMPR]) {
        // compr: slot N is the 16-bit half N of VSRC[N/2] under EN bit N, as
        // the printer writes it ('v1, off, v2, v2' for EN=0xd). llvm-mc
        // instead enables both halves from slots 0 and 2 and ignores slots
        // 1 and 3 (errata EXP_COMPR_EN_PER_SLOT); texts that name a VGPR in
        // every slot, as llvm prints EN=0xf, encode alike.
        if (!off && (it.kind != Item::REG || it.code < 256 || it.dw != 1 || it.neg || it.abs || it.sext))
          return c.fail(it.col, "invalid operand for instruction: expected a VGPR or off");
        if (off) continue;
        const Fld vf = kk < 2 ? Fld::VSRC0 : Fld::VSRC1;
        // The even slot's register wins when both halves name one.
        if (!(in[Fld::EN] & (1 << (kk & 2)))) in[vf] = it.code - 256;
        in[Fld::EN] |= 1 << kk;
        continue;
      }
      if (off) continue;
      if (it.kind != Item::REG || it.code < 256 || it.dw != 1 || it.neg || it.abs || it.sext)
        return c.fail(it.col, "invalid operand for instruction: expected a VGPR or off");
      in[fieldFor(in, op)] = it.code - 256;
      in[Fld::EN] |= 1 << kk;
      continue;
    }
    if (d.enc == Enc::FLAT && g == Gen::GFX9 && (d.flags & F_SCRATCH) && op.role == Role::vaddr &&
        it.kind == Item::REG) {
      // scratch: vaddr only without saddr; checked after saddr is known.
    }
    if (!assignOperand(c, op, it)) return false;
  }
  if ((d.flags & F_LITERAL_K) && in.literal > 0xffffu && in[Fld::SRC0] >= 128 && in[Fld::SRC0] <= 208) {
    // v_madmk/madak_f16 with a 32-bit K (errata VOP2_MADMK_F16_K_DWORD):
    // llvm-objdump prints a literal src0 as K's low half in hex, which
    // would otherwise read as an inline constant; inline constants print
    // in decimal, so a hex src0 equal to K's low half is that literal.
    bool k16 = false;
    for (int i = 0; i < d.num_operands; ++i)
      k16 |= d.operand[i].role == Role::k && constantBits(d.operand[i].type) == 16;
    if (k16 && items.size() > 1 && items[1].kind == Item::INT && items[1].hex &&
        uint32_t(items[1].ival) == (in.literal & 0xffffu))
      in[Fld::SRC0] = opc::kLiteral;
  }
  if (k < items.size()) {
    const Item& it = items[k];
    return c.fail(it.col, "invalid operand for instruction: too many operands for " +
                              std::string(d.mnemonic) + " (unexpected " + describe(it) + ")");
  }
  // Cross-operand memory rules.
  if ((d.enc == Enc::MUBUF || d.enc == Enc::MTBUF) && rowHasRole(d, Role::vaddr)) {
    if (c.vaddr_col && !memoryVaddrPresent(in))
      return c.fail(c.vaddr_col, "invalid operand for instruction: a VGPR address needs offen, idxen or addr64 (else write 'off')");
  }
  if (d.enc == Enc::FLAT && g == Gen::GFX9 && (d.flags & F_SCRATCH) && rowHasRole(d, Role::vaddr)) {
    if (c.vaddr_col && in[Fld::SADDR] != 0x7f)
      return c.fail(c.vaddr_col, "invalid operand for instruction: scratch takes either vaddr or saddr, not both");
    if (!c.vaddr_col && in[Fld::SADDR] == 0x7f)
      return c.fail(c.syn.end_col, "invalid operand for instruction: scratch needs vaddr or saddr");
  }
  if (in.form == Form::DPP && in[Fld::DPP_CTRL] < 0) in[Fld::DPP_CTRL] = 0;
  if ((d.enc == Enc::MUBUF || d.enc == Enc::MTBUF) && in[Fld::ADDR64] && (in[Fld::OFFEN] || in[Fld::IDXEN]))
    return c.fail(c.syn.end_col, "invalid operand for instruction: addr64 cannot be combined with offen or idxen");
  if ((d.enc == Enc::MUBUF || d.enc == Enc::MTBUF) && in[Fld::TFE] && (d.flags & F_STORE)) {
    int col = c.syn.end_col;
    for (const Mod& m : c.syn.mods)
      if (m.name == "tfe") col = m.col;
    return c.fail(col, "TFE modifier has no meaning for store instructions");
  }
  if (d.enc == Enc::MIMG && (d.flags & F_ATOMIC) && in[Fld::DMASK] != 1 && in[Fld::DMASK] != 3 &&
      in[Fld::DMASK] != 15)
    return c.fail(c.syn.end_col, "invalid atomic image dmask");
  if (d.enc == Enc::VOPC && in.form == Form::E64 && in[Fld::CLAMP] && g <= Gen::GFX7)
    return c.fail(c.syn.end_col, "integer clamping is not supported on this GPU");
  if (d.enc == Enc::MIMG && (d.flags & F_GATHER4) &&
      __builtin_popcount(unsigned(in[Fld::DMASK])) != 1)
    return c.fail(c.syn.end_col, "invalid image_gather dmask: only one bit must be set");

  in.has_literal = c.lit_used || (d.flags & F_LITERAL_K);
  if (!in.has_literal) in.literal = 0;
  std::string v = validateInst(t, in);
  if (!v.empty()) {
    int col = c.lit_col ? c.lit_col : (items.empty() ? c.syn.end_col : items.back().col);
    if (v.find("constant bus") != std::string::npos && c.last_bus_col) {
      col = c.last_bus_col;  // the last explicit scalar source, as llvm-mc does
    }
    return c.fail(col, v);
  }
  uint8_t buf[16];
  std::string e;
  size_t n = encodeInst(t, in, buf, &e);
  if (!n) return c.fail(items.empty() ? c.syn.end_col : items.front().col, e);
  in.size = uint8_t(n);
  return true;
}

// ---------------------------------------------------------------------------
// Mnemonic lookup.

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

struct Candidate {
  int id;
  Form form;  // forced form or NATIVE (= choose)
  bool forced;
};

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

}  // namespace

// Row ids by mnemonic: the parser's look-up of a line's rows, instead of a
// walk over every row per line.
static const std::unordered_map<std::string_view, std::vector<int>>& rowsByMnemonic() {
  static const std::unordered_map<std::string_view, std::vector<int>> idx = [] {
    std::unordered_map<std::string_view, std::vector<int>> m;
    for (int id = 0; id < numInsts(); ++id) m[instDesc(id).mnemonic].push_back(id);
    return m;
  }();
  return idx;
}

bool parseInst(const Target& t, std::string_view line, Inst* out, ParseError* err) {
  ParseError dummy;
  if (!err) err = &dummy;
  *err = ParseError{};
  // Strip the comment.
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
  size_t p = 0;
  while (p < s.size() && (s[p] == ' ' || s[p] == '\t')) ++p;
  if (p >= s.size()) {
    err->column = int(p) + 1;
    err->message = "expected an instruction";
    return false;
  }
  size_t ms = p;
  while (p < s.size() && (identChar(s[p]))) ++p;
  if (p == ms) {
    err->column = int(ms) + 1;
    err->message = "expected an instruction mnemonic";
    return false;
  }
  std::string mn = lower(s.substr(ms, p - ms));
  const int mcol = int(ms) + 1;
  if (p < s.size() && !(s[p] == ' ' || s[p] == '\t')) {
    err->column = int(p) + 1;
    err->message = "unexpected character after the mnemonic";
    return false;
  }

  // Candidate rows.
  std::vector<Candidate> cands;
  struct Sfx { const char* s; Form f; };
  static const Sfx kSfx[] = {{"_e32", Form::E32}, {"_e64", Form::E64}, {"_sdwa", Form::SDWA}, {"_dpp", Form::DPP}};
  bool exists_elsewhere = false;
  // The rows named mn, or mn less a form suffix, in table order.
  std::vector<int> ids;
  auto addRows = [&](std::string_view name) {
    const auto& idx = rowsByMnemonic();
    auto it = idx.find(name);
    if (it != idx.end()) ids.insert(ids.end(), it->second.begin(), it->second.end());
  };
  addRows(mn);
  for (const Sfx& x : kSfx) {
    size_t n = std::strlen(x.s);
    if (mn.size() > n && mn.compare(mn.size() - n, n, x.s) == 0)
      addRows(std::string_view(mn).substr(0, mn.size() - n));
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  for (int id : ids) {
    const InstDesc& d = instDesc(id);
    bool name_match = d.mnemonic == mn;
    Form forced = Form::NATIVE;
    bool fmatch = false;
    for (const Sfx& x : kSfx) {
      size_t n = std::strlen(x.s);
      if (mn.size() > n && mn.compare(mn.size() - n, n, x.s) == 0 &&
          d.mnemonic == std::string_view(mn).substr(0, mn.size() - n)) {
        forced = x.f;
        fmatch = true;
      }
    }
    if (!name_match && !fmatch) continue;
    if (!t.has(d)) {
      exists_elsewhere = true;
      continue;
    }
    if (name_match) {
      cands.push_back({id, Form::NATIVE, false});
    } else {
      if (isVopShort(d.enc)) {
        if (forced == Form::E64 && (d.flags & F_NO_E64)) continue;
        if ((forced == Form::SDWA && (d.flags & F_NO_SDWA)) || (forced == Form::DPP && (d.flags & F_NO_DPP))) continue;
        cands.push_back({id, forced, true});
      } else if (forced == Form::E64 && (d.enc == Enc::VOP3 || d.enc == Enc::VOP3B || d.enc == Enc::VOP3P)) {
        cands.push_back({id, Form::NATIVE, true});
      } else if (forced == Form::E32 && d.enc == Enc::VINTRP) {
        cands.push_back({id, Form::NATIVE, true});  // llvm prints VINTRP as _e32 on GFX8/9
      }
    }
  }
  if (cands.empty()) {
    err->column = mcol;
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
  std::stable_sort(cands.begin(), cands.end(), [&](const Candidate& a, const Candidate& b) {
    auto dw = [&](const Candidate& c) {
      const InstDesc& d = instDesc(c.id);
      if (isVopShort(d.enc)) return 1;
      return int(genIndex(t.gen).enc[int(d.enc)].dwords);
    };
    return dw(a) < dw(b);
  });
  Syntax syn;
  Lexer lx(s, p);
  lx.gen_ = t.gen;
  if (!lx.run(&syn, err)) return false;

  const bool want_sdwa = hasModWhere(syn, syntax::isSdwaModifier) || hasSext(syn);
  const bool want_dpp = hasModWhere(syn, syntax::isDppModifier);
  ParseError best;
  best.column = -1;
  for (const Candidate& cd : cands) {
    const InstDesc& d = instDesc(cd.id);
    std::vector<std::pair<Enc, Form>> forms;
    if (isVopShort(d.enc)) {
      Enc e64 = (d.flags & F_VOP3B) ? Enc::VOP3B : Enc::VOP3;
      if (cd.forced) {
        forms.push_back({cd.form == Form::E64 ? e64 : d.enc, cd.form});
      } else if (want_dpp) {
        if (!(d.flags & F_NO_DPP)) forms.push_back({d.enc, Form::DPP});
      } else if (want_sdwa) {
        if (!(d.flags & F_NO_SDWA)) forms.push_back({d.enc, Form::SDWA});
      } else {
        forms.push_back({d.enc, Form::E32});
        if (!(d.flags & F_NO_E64)) forms.push_back({e64, Form::E64});
      }
    } else {
      forms.push_back({d.enc, Form::NATIVE});
    }
    for (auto& [enc, form] : forms) {
      Ctx c(t, d, syn);
      c.in.id = uint16_t(cd.id);
      c.in.gen = t.gen;
      c.in.enc = enc;
      c.in.form = form;
      if (buildInst(c)) {
        // Normalise through the decoder so that the Inst is exactly what
        // decode() gives for these bytes (overlapping fields such as GFX9
        // SDWA VOPC's SDST/DST_SEL, cleared unused fields).
        *out = c.in;
        uint8_t buf[16];
        std::string e;
        size_t n = encodeInst(t, c.in, buf, &e);
        Inst back;
        if (n && decode(t, buf, n, &back).ok() && back.id == c.in.id) {
          uint8_t again[16];
          size_t m = encodeInst(t, back, again, &e);
          if (m == n && std::memcmp(buf, again, n) == 0) *out = back;
        }
        return true;
      }
      // Keep the most informative failure: the one that got furthest; on a
      // tie the later (wider) form.
      if (c.err.column >= best.column) best = c.err;
    }
  }
  if (best.message.empty() && (want_sdwa || want_dpp)) {
    // No row had the SDWA/DPP form those modifiers ask for (64-bit or VOP3
    // only instructions): point at the first such modifier, as llvm-mc does.
    int col = 0;
    for (const Mod& m : syn.mods)
      if ((syntax::isSdwaModifier(m.name) || syntax::isDppModifier(m.name)) &&
          (col == 0 || m.col < col))
        col = m.col;
    for (const Item& it : syn.items)
      if (it.sext && (col == 0 || it.col < col)) col = it.col;
    best.column = col;
    best.message = "not a valid operand: " + mn + " has no " + (want_dpp ? "DPP" : "SDWA") +
                   " form on " + std::string(t.name);
  }
  *err = best;
  if (err->column <= 0) err->column = mcol;
  // Every rejection says what: a path above that failed without a message
  // is reported rather than left blank.
  if (err->message.empty()) err->message = "invalid instruction: " + mn + " with these operands";
  return false;
}

}  // namespace gcn
