// Character-level helpers of the line parser, and the names its errors use.
#include <cctype>
#include <cstring>

#include "text/parse_ctx.h"

namespace gcn::parse {

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

std::string_view trimSpaces(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

bool parseIntText(std::string_view s, int64_t* v) {
  std::string t(trimSpaces(s));
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

}  // namespace gcn::parse
