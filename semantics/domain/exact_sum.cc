#include "semantics/domain/exact_sum.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace gcn::sem {
namespace {

// |x| = m * 2^e with e >= -1074 (x finite, nonzero or zero).
void split(double x, uint64_t* m, int* e) {
  uint64_t b;
  std::memcpy(&b, &x, 8);
  const int be = int((b >> 52) & 0x7ff);
  const uint64_t frac = b & ((1ull << 52) - 1);
  *m = be ? frac | 1ull << 52 : frac;
  *e = be ? be - 1075 : -1074;
}

}  // namespace

void ExactSum::add(double x) {
  if (std::isnan(x)) { nan_ = true; return; }
  if (std::isinf(x)) { (x > 0 ? pos_inf_ : neg_inf_) = true; return; }
  if (x == 0) {
    if (!std::signbit(x)) all_neg_zero_ = false;
    return;
  }
  all_neg_zero_ = false;
  uint64_t m;
  int e;
  split(x, &m, &e);
  addScaled(m, e, x < 0);
}

void ExactSum::addProduct(double a, double b) {
  const bool negative = std::signbit(a) != std::signbit(b);
  if (std::isnan(a) || std::isnan(b)) { nan_ = true; return; }
  if (std::isinf(a) || std::isinf(b)) {
    if (a == 0 || b == 0) nan_ = true;  // inf * 0
    else (negative ? neg_inf_ : pos_inf_) = true;
    return;
  }
  if (a == 0 || b == 0) {
    if (!negative) all_neg_zero_ = false;
    return;
  }
  all_neg_zero_ = false;
  uint64_t ma, mb;
  int ea, eb;
  split(a, &ma, &ea);
  split(b, &mb, &eb);
  addScaled((unsigned __int128)ma * mb, ea + eb, negative);
}

void ExactSum::addScaled(unsigned __int128 mag, int lsb_exp, bool negative) {
  const int shift = lsb_exp + kBias;  // >= 0: products reach down to 2^-2148
  const int at = shift / 64, s = shift % 64;
  const uint64_t lo = uint64_t(mag), hi = uint64_t(mag >> 64);
  const uint64_t w[3] = {lo << s, (hi << s) | (s ? lo >> (64 - s) : 0), s ? hi >> (64 - s) : 0};
  if (!negative) {
    unsigned carry = 0;
    for (int i = at; i < kLimbs; ++i) {
      const uint64_t add = i - at < 3 ? w[i - at] : 0;
      if (i - at >= 3 && !carry) break;
      const uint64_t x = limb_[i] + add;
      const unsigned c1 = x < add;
      limb_[i] = x + carry;
      carry = c1 | (limb_[i] < x);
    }
  } else {
    unsigned borrow = 0;
    for (int i = at; i < kLimbs; ++i) {
      const uint64_t sub = i - at < 3 ? w[i - at] : 0;
      if (i - at >= 3 && !borrow) break;
      const uint64_t x = limb_[i];
      const uint64_t y = x - sub;
      const unsigned b1 = x < sub;
      limb_[i] = y - borrow;
      borrow = b1 | (y < borrow);
    }
  }
}

bool ExactSum::round(int p, int min_exp, uint64_t* mant, int* exp, bool* negative) const {
  uint64_t v[kLimbs];
  std::memcpy(v, limb_, sizeof v);
  *negative = (v[kLimbs - 1] >> 63) != 0;
  if (*negative) {
    unsigned carry = 1;
    for (auto& x : v) {
      x = ~x + carry;
      carry = carry && x == 0;
    }
  }
  int top = kLimbs - 1;
  while (top >= 0 && !v[top]) --top;
  if (top < 0) return false;
  const int h = top * 64 + 63 - __builtin_clzll(v[top]);
  const int e_top = h - kBias;
  int lsb_exp = e_top - p + 1;
  if (lsb_exp < min_exp) lsb_exp = min_exp;
  const int pos = lsb_exp + kBias;  // > 0 for f32 and f64
  auto bits = [&](int from, int n) {  // n <= 64 bits from `from`
    const int w = from / 64, o = from % 64;
    uint64_t x = v[w] >> o;
    if (o && w + 1 < kLimbs) x |= v[w + 1] << (64 - o);
    return n == 64 ? x : x & ((1ull << n) - 1);
  };
  uint64_t m = h >= pos ? bits(pos, h - pos + 1) : 0;
  const bool round_bit = bits(pos - 1, 1) != 0;
  bool sticky = false;
  const int below = pos - 1;  // bits [0, below) decide the tie
  for (int w = 0; w < below / 64 && !sticky; ++w) sticky = v[w] != 0;
  if (!sticky && below % 64) sticky = (v[below / 64] & ((1ull << (below % 64)) - 1)) != 0;
  if (round_bit && (sticky || (m & 1))) ++m;
  *mant = m;
  *exp = lsb_exp;
  return true;
}

template <class F>
F ExactSum::to(int p, int min_exp) const {
  using Limits = std::numeric_limits<F>;
  if (nan_ || (pos_inf_ && neg_inf_)) return Limits::quiet_NaN();
  if (pos_inf_) return Limits::infinity();
  if (neg_inf_) return -Limits::infinity();
  uint64_t m;
  int e;
  bool negative;
  if (!round(p, min_exp, &m, &e, &negative)) return all_neg_zero_ ? -F(0) : F(0);
  const F r = std::ldexp(F(m), e);  // exact, or the overflow to infinity
  return negative ? -r : r;
}

float ExactSum::toF32() const { return to<float>(24, -149); }
double ExactSum::toF64() const { return to<double>(53, -1074); }

}  // namespace gcn::sem
