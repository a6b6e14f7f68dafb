// Register-name text without snprintf ("v5", "s[4:7]", "ttmp[2:3]"): one
// spelling for isa/registers.cc and the printer's hot path.
#pragma once

#include <cstdint>
#include <cstring>

namespace gcn {
namespace reg_text_detail {
// Built at compile time, so it is ready even for printing done by other
// files' static initialisers.
struct DecTable {
  char s[1000][4]{};
  uint8_t n[1000]{};
  constexpr DecTable() {
    for (int v = 0; v < 1000; ++v) {
      char* p = s[v];
      if (v >= 100) *p++ = char('0' + v / 100);
      if (v >= 10) *p++ = char('0' + v / 10 % 10);
      *p++ = char('0' + v % 10);
      n[v] = uint8_t(p - s[v]);
    }
  }
};
inline constexpr DecTable kDec;
}  // namespace reg_text_detail

// Write u / non-negative v in decimal at p, which needs room for 20 / 12
// bytes; return the end.
inline char* putU64(char* p, uint64_t u) {
  char tmp[24];
  int n = 0;
  do {
    tmp[n++] = char('0' + u % 10);
    u /= 10;
  } while (u);
  while (n) *p++ = tmp[--n];
  return p;
}
inline char* putDec(char* p, int v) {
  if (__builtin_expect(unsigned(v) < 1000, 1)) {
    std::memcpy(p, reg_text_detail::kDec.s[v], 4);
    return p + reg_text_detail::kDec.n[v];
  }
  return putU64(p, unsigned(v));
}

// prefix + "N" for one dword, prefix + "[first:last]" otherwise; first >= 0,
// dwords >= 1. p needs room for strlen(prefix) + 28 bytes; returns the end.
inline char* putRegRange(char* p, const char* prefix, int first, int dwords) {
  while (*prefix) *p++ = *prefix++;
  if (dwords == 1) return putDec(p, first);
  *p++ = '[';
  p = putDec(p, first);
  *p++ = ':';
  p = putDec(p, first + dwords - 1);
  *p++ = ']';
  return p;
}

}  // namespace gcn
