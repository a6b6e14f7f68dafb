// ExactSum against sums that can be checked another way: integer-valued
// terms whose exact sum fits in 128 bits (converted to float/double with the
// compiler's correctly rounded __int128 conversion), cancellations an FMA
// chain loses, rounding ties, subnormal and overflowing results, and the
// IEEE special cases.
#include "semantics/domain/exact_sum.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace gcn::sem {
namespace {

uint32_t bitsOf(float f) { uint32_t x; std::memcpy(&x, &f, 4); return x; }
uint64_t bitsOf(double f) { uint64_t x; std::memcpy(&x, &f, 8); return x; }

TEST(ExactSum, RandomIntegerProductsRoundOnce) {
  std::mt19937_64 rng(3);
  for (int rep = 0; rep < 2000; ++rep) {
    // Terms a * b with |a|, |b| < 2^26 (products < 2^52) scaled by 2^s:
    // exact as doubles, and their sum exact in __int128 at scale 2^-30.
    const int scale = int(rng() % 40) - 20;
    __int128 exact = 0;
    ExactSum s;
    const int64_t c = int64_t(rng() % (1ull << 50)) - (1ll << 49);
    s.add(std::ldexp(double(c), scale));
    exact += (__int128)c << (scale + 30);
    const int terms = 1 + int(rng() % 64);
    for (int t = 0; t < terms; ++t) {
      const int64_t a = int64_t(rng() % (1ull << 26)) - (1ll << 25);
      const int64_t b = int64_t(rng() % (1ull << 26)) - (1ll << 25);
      s.addProduct(std::ldexp(double(a), scale), double(b));
      exact += (__int128)(a * b) << (scale + 30);
    }
    const double want64 = std::ldexp(double(exact), -30);  // both steps exact or one rounding
    const float want32 = std::ldexp(float(exact), -30);
    ASSERT_EQ(bitsOf(s.toF64()), bitsOf(want64)) << rep;
    ASSERT_EQ(bitsOf(s.toF32()), bitsOf(want32)) << rep;
  }
}

TEST(ExactSum, KeepsWhatAnFmaChainCancels) {
  // 1 + 2^30 loses the 1 in f32; the exact sum keeps it.
  const float big = 1073741824.0f;
  float chain = 1.0f;
  chain = std::fma(big, 1.0f, chain);
  chain = std::fma(-big, 1.0f, chain);
  EXPECT_EQ(chain, 0.0f);
  ExactSum s;
  s.add(1.0);
  s.addProduct(big, 1.0);
  s.addProduct(-big, 1.0);
  EXPECT_EQ(s.toF32(), 1.0f);
  // f64 products wider than 53 bits: (1 + 2^-30)^2 - 1 = 2^-29 + 2^-60.
  ExactSum d;
  d.addProduct(1.0 + 0x1p-30, 1.0 + 0x1p-30);
  d.add(-1.0);
  EXPECT_EQ(d.toF64(), 0x1p-29 + 0x1p-60);
  // 2^-1074 * 2^-1074 is far below every result but still breaks a tie.
  ExactSum t;
  t.add(1.0);
  t.add(0x1p-53);  // exactly half an ulp of 1: a tie, to even (1.0) ...
  EXPECT_EQ(t.toF64(), 1.0);
  t.addProduct(0x1p-1074, 0x1p-1074);  // ... unless anything lies beyond it
  EXPECT_EQ(t.toF64(), 1.0 + 0x1p-52);
}

TEST(ExactSum, SubnormalsOverflowAndSpecials) {
  ExactSum sub;
  sub.addProduct(0x1p-100, 0x1p-49);  // 2^-149: the smallest f32 subnormal
  EXPECT_EQ(bitsOf(sub.toF32()), 1u);
  ExactSum half;
  half.addProduct(0x1p-100, 0x1p-50);  // 2^-150: a tie between 0 and 2^-149 -> 0
  EXPECT_EQ(bitsOf(half.toF32()), 0u);
  ExactSum neg_tiny;
  neg_tiny.addProduct(-0x1p-100, 0x1p-60);  // rounds to zero, keeps its sign
  EXPECT_EQ(bitsOf(neg_tiny.toF32()), 0x80000000u);
  ExactSum over;
  over.addProduct(0x1p100, 0x1p100);
  EXPECT_EQ(over.toF32(), std::numeric_limits<float>::infinity());
  EXPECT_EQ(over.toF64(), 0x1p200);
  ExactSum big64;
  big64.addProduct(0x1p1000, 0x1p1000);
  big64.addProduct(-0x1p1000, 0x1p1000);
  big64.add(3.0);
  EXPECT_EQ(big64.toF64(), 3.0);  // 2^2000 cancels exactly
  ExactSum inf;
  inf.add(std::numeric_limits<double>::infinity());
  inf.add(1.0);
  EXPECT_EQ(inf.toF32(), std::numeric_limits<float>::infinity());
  inf.addProduct(-1.0, std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(inf.toF64()));
  ExactSum zero_inf;
  zero_inf.addProduct(0.0, std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(zero_inf.toF32()));
  // Zeros: -0 only when every term is -0; exact cancellation gives +0.
  ExactSum nz;
  nz.add(-0.0);
  nz.addProduct(-1.0, 0.0);
  EXPECT_EQ(bitsOf(nz.toF32()), 0x80000000u);
  nz.addProduct(1.0, 0.0);
  EXPECT_EQ(bitsOf(nz.toF32()), 0u);
  ExactSum cancel;
  cancel.add(-2.0);
  cancel.addProduct(1.0, 2.0);
  EXPECT_EQ(bitsOf(cancel.toF64()), 0u);
}

}  // namespace
}  // namespace gcn::sem
