// Proofs, for all inputs, that the fast shapes of the domain helpers equal a
// spec-shaped formulation (Z3 check 1), and that the Z3 domain
// agrees with the concrete domain (domain.h / fp.h) on edge and random
// inputs, so the proofs are about the code the emulator runs.
//
// The spec shapes are written here directly over z3::expr (bit loops and
// ite chains, as GcnInstrs*.md describes the operations), independent of
// semantics/domain/z3_domain.h. Each check has a time limit (GCN_Z3_TIMEOUT_MS,
// default 60 s); a timeout fails the test and says so.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>
#include <vector>

#include "prove/z3_check.h"
#include "semantics/domain/domain.h"
#include "semantics/domain/fp.h"
#include "semantics/domain/z3_domain.h"

namespace gcn::sem {
namespace {

using prop::Verdict;

struct Proof {
  const char* name;
  std::function<z3::expr(z3::context&)> claim;
};

z3::expr bit(const z3::expr& x, unsigned i) { return x.extract(i, i) == x.ctx().bv_val(1, 1); }

// Index of the lowest set bit, 0xffffffff if none (the spec's loop from bit 0).
z3::expr specFindLsb(const z3::expr& x) {
  z3::context& c = x.ctx();
  const unsigned w = x.get_sort().bv_size();
  z3::expr r = c.bv_val(0xffffffffu, 32);
  for (int i = int(w) - 1; i >= 0; --i) r = z3::ite(bit(x, unsigned(i)), c.bv_val(unsigned(i), 32), r);
  return r;
}
// Leading zeros counted from the msb, 0xffffffff if none.
z3::expr specFindMsbFromTop(const z3::expr& x) {
  z3::context& c = x.ctx();
  const unsigned w = x.get_sort().bv_size();
  z3::expr r = c.bv_val(0xffffffffu, 32);
  for (unsigned i = 0; i < w; ++i) r = z3::ite(bit(x, i), c.bv_val(w - 1 - i, 32), r);
  return r;
}
z3::expr specBitrev(const z3::expr& x) {
  const unsigned w = x.get_sort().bv_size();
  z3::expr r = x.extract(0, 0);
  for (unsigned i = 1; i < w; ++i) r = z3::concat(r, x.extract(i, i));
  return r;
}

std::vector<Proof> proofs() {
  return {
      {"findLsb(u32) == first set bit from bit 0",
       [](z3::context& c) { auto x = c.bv_const("x", 32); return findLsb(ZU32(x)).e == specFindLsb(x); }},
      {"findLsb(u64) == first set bit from bit 0",
       [](z3::context& c) { auto x = c.bv_const("x", 64); return findLsb(ZU64(x)).e == specFindLsb(x); }},
      {"findMsbFromTop(u32) == leading zeros",
       [](z3::context& c) { auto x = c.bv_const("x", 32); return findMsbFromTop(ZU32(x)).e == specFindMsbFromTop(x); }},
      {"findMsbFromTop(u64) == leading zeros",
       [](z3::context& c) { auto x = c.bv_const("x", 64); return findMsbFromTop(ZU64(x)).e == specFindMsbFromTop(x); }},
      {"bitrev(u32) swap network == bit i <- bit 31-i",
       [](z3::context& c) { auto x = c.bv_const("x", 32); return bitrev(ZU32(x)).e == specBitrev(x); }},
      {"bitrev(u64) == bit i <- bit 63-i",
       [](z3::context& c) { auto x = c.bv_const("x", 64); return bitrev(ZU64(x)).e == specBitrev(x); }},
      {"mulhiU32 == (u64)a * (u64)b >> 32",
       [](z3::context& c) {
         auto a = c.bv_const("a", 32), b = c.bv_const("b", 32);
         return mulhiU32(ZU32(a), ZU32(b)).e == z3::lshr(z3::zext(a, 32) * z3::zext(b, 32), 32).extract(31, 0);
       }},
      {"mulhiI32 == (i64)a * (i64)b >> 32",
       [](z3::context& c) {
         auto a = c.bv_const("a", 32), b = c.bv_const("b", 32);
         return mulhiI32(ZU32(a), ZU32(b)).e == z3::lshr(z3::sext(a, 32) * z3::sext(b, 32), 32).extract(31, 0);
       }},
      {"sext8 == (x & 0x80) ? x | 0xffffff00 : x & 0xff",
       [](z3::context& c) {
         auto x = c.bv_const("x", 32);
         return sext8(ZU32(x)).e == z3::ite(bit(x, 7), x | c.bv_val(0xffffff00u, 32), x & c.bv_val(0xffu, 32));
       }},
      {"sext16 == (x & 0x8000) ? x | 0xffff0000 : x & 0xffff",
       [](z3::context& c) {
         auto x = c.bv_const("x", 32);
         return sext16(ZU32(x)).e == z3::ite(bit(x, 15), x | c.bv_val(0xffff0000u, 32), x & c.bv_val(0xffffu, 32));
       }},
      {"ashr(u32) == logical shift with the sign filled in",
       [](z3::context& c) {
         auto x = c.bv_const("x", 32), n = c.bv_const("n", 32);
         auto n5 = n & c.bv_val(31, 32);
         auto fill = z3::ite(bit(x, 31), ~z3::lshr(c.bv_val(0xffffffffu, 32), n5), c.bv_val(0, 32));
         return ashr(ZU32(x), ZU32(n5)).e == (z3::lshr(x, n5) | fill);
       }},
      {"sabs == x < 0 ? 0 - x : x (INT_MIN stays)",
       [](z3::context& c) {
         auto x = c.bv_const("x", 32);
         return sabs(ZU32(x)).e == z3::ite(bit(x, 31), c.bv_val(0, 32) - x, x);
       }},
      {"smin/smax == signed compare and choose",
       [](z3::context& c) {
         auto a = c.bv_const("a", 32), b = c.bv_const("b", 32);
         // min + max == a + b and min <= max (signed) pins both down.
         auto mn = smin(ZU32(a), ZU32(b)).e, mx = smax(ZU32(a), ZU32(b)).e;
         return (mn + mx == a + b) && z3::sle(mn, mx) && (mn == a || mn == b);
       }},
      {"pack64(lo32(x), hi32(x)) == x",
       [](z3::context& c) { auto x = c.bv_const("x", 64); ZU64 v(x); return pack64(lo32(v), hi32(v)).e == x; }},
  };
}

TEST(Z3Helpers, FastShapesEqualSpecShapes) {
  const unsigned timeout = prop::defaultTimeoutMs();
  int proved = 0;
  for (const Proof& p : proofs()) {
    z3::context c;
    Z3Scope s(c);
    prop::CheckResult r = prop::proveClaim(c, p.claim(c), timeout);
    std::printf("[z3] %-55s %s in %.3f s\n", p.name, prop::verdictName(r.verdict), r.seconds);
    EXPECT_EQ(r.verdict, Verdict::PROVED)
        << p.name << ": " << prop::verdictName(r.verdict)
        << (r.verdict == Verdict::TIMEOUT ? " (timeout counts as a failure)" : "")
        << (r.model ? "\ncounterexample: " + r.model->to_string() : std::string());
    proved += r.verdict == Verdict::PROVED;
  }
  std::printf("[z3] helpers: %d/%zu proved\n", proved, proofs().size());
}

// ---- the Z3 domain == the concrete domain on samples -----------------------
uint64_t evalNum(const z3::expr& e) {
  z3::expr s = e.simplify();
  uint64_t v = 0;
  EXPECT_TRUE(s.is_numeral_u64(v)) << "not a constant: " << s;
  return v;
}

std::vector<uint32_t> samples32() {
  std::vector<uint32_t> v = {0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000,
                             0x7fffffff, 0x80000000u, 0x80000001u, 0xfffffffeu, 0xffffffffu};
  std::mt19937 g(7);
  for (int i = 0; i < 300; ++i) v.push_back(g() >> (g() % 32));
  return v;
}

TEST(Z3Helpers, DomainMatchesConcreteOnSamples) {
  z3::context c;
  Z3Scope s(c);
  auto xs = samples32();
  for (uint32_t a : xs) {
    const uint64_t a64 = uint64_t(a) * 0x9e3779b97f4a7c15ull ^ a;
    EXPECT_EQ(evalNum(popcount(ZU32(a)).e), popcount(a)) << a;
    EXPECT_EQ(evalNum(popcount(ZU64(a64)).e), popcount(a64)) << a64;
    EXPECT_EQ(evalNum(findLsb(ZU32(a)).e), findLsb(a)) << a;
    EXPECT_EQ(evalNum(findLsb(ZU64(a64)).e), findLsb(a64)) << a64;
    EXPECT_EQ(evalNum(findMsbFromTop(ZU32(a)).e), findMsbFromTop(a)) << a;
    EXPECT_EQ(evalNum(findMsbFromTop(ZU64(a64)).e), findMsbFromTop(a64)) << a64;
    EXPECT_EQ(evalNum(bitrev(ZU32(a)).e), bitrev(a)) << a;
    EXPECT_EQ(evalNum(bitrev(ZU64(a64)).e), bitrev(a64)) << a64;
    EXPECT_EQ(evalNum(sext8(ZU32(a)).e), sext8(a)) << a;
    EXPECT_EQ(evalNum(sext16(ZU32(a)).e), sext16(a)) << a;
    EXPECT_EQ(evalNum(sabs(ZU32(a)).e), sabs(a)) << a;
    for (uint32_t b : {0u, 1u, 5u, 31u, 0x80000000u, 0xffffffffu, a ^ 0x5a5a5a5au}) {
      EXPECT_EQ(evalNum(mulhiU32(ZU32(a), ZU32(b)).e), mulhiU32(a, b)) << a << " " << b;
      EXPECT_EQ(evalNum(mulhiI32(ZU32(a), ZU32(b)).e), mulhiI32(a, b)) << a << " " << b;
      EXPECT_EQ(evalNum(smin(ZU32(a), ZU32(b)).e), smin(a, b));
      EXPECT_EQ(evalNum(smax(ZU32(a), ZU32(b)).e), smax(a, b));
      EXPECT_EQ(evalNum(ashr(ZU32(a), ZU32(b & 31)).e), ashr(a, b & 31));
    }
  }
}

// The concrete FP (host arithmetic, fesetround for directed modes, flushing
// by bit tests) against Z3's IEEE model: every MODE rounding and denormal
// setting, edge values (zeros, denormals, inf, NaNs with payloads) and
// random values. Two independent implementations agreeing bit for bit.
template <class T> std::vector<T> fpSamples() {
  using L = std::numeric_limits<T>;
  std::vector<T> v = {T(0), -T(0), T(1), T(-1), T(0.5), T(1.5), T(3), L::min(), -L::min(),
                      L::denorm_min(), -L::denorm_min(), L::min() / 3, L::max(), -L::max(),
                      L::infinity(), -L::infinity(), L::quiet_NaN(), L::signaling_NaN(), T(1e-30), T(7.25)};
  if constexpr (sizeof(T) == 4) v.push_back(asF32(0xffc01234u));  // negative NaN with payload
  std::mt19937_64 g(11);
  for (int i = 0; i < 40; ++i) {
    if constexpr (sizeof(T) == 4) v.push_back(asF32(uint32_t(g())));
    else v.push_back(asF64(g()));
  }
  return v;
}
template <class T> uint64_t bitsOf(T x) {
  if constexpr (sizeof(T) == 4) return asU32(x); else return asU64(x);
}

template <class T> void fpAgree() {
  constexpr int W = sizeof(T) * 8;
  z3::context c;
  Z3Scope s(c);
  auto xs = fpSamples<T>();
  int checked = 0;
  for (uint32_t mode : {0u, 0x1u, 0x2u, 0x3u, 0xf0u, 0x05u, 0xfau, 0x30u, 0xc0u}) {
    FpMode m = FpMode::fromMode(mode);
    for (size_t i = 0; i < xs.size(); ++i) {
      for (size_t j = 0; j < xs.size(); j += 3) {
        const T a = xs[i], b = xs[j], cc = xs[(i + j) % xs.size()];
        ZFP<W> za(a), zb(b), zc(cc);
        EXPECT_EQ(evalNum(fadd(m, za, zb).bits), bitsOf(fadd(m, a, b))) << "fadd mode " << mode << " " << a << " " << b;
        EXPECT_EQ(evalNum(fsub(m, za, zb).bits), bitsOf(fsub(m, a, b))) << "fsub mode " << mode << " " << a << " " << b;
        EXPECT_EQ(evalNum(fmul(m, za, zb).bits), bitsOf(fmul(m, a, b))) << "fmul mode " << mode << " " << a << " " << b;
        EXPECT_EQ(evalNum(ffma(m, za, zb, zc).bits), bitsOf(ffma(m, a, b, cc)))
            << "ffma mode " << mode << " " << a << " " << b << " " << cc;
        checked += 4;
      }
      for (int om = 1; om < 4; ++om)
        EXPECT_EQ(evalNum(applyOmod(ZFP<W>(xs[i]), om).bits), bitsOf(applyOmod(xs[i], om))) << "omod " << om << " " << xs[i];
      EXPECT_EQ(evalNum(clamp01(m, ZFP<W>(xs[i])).bits), bitsOf(clamp01(m, xs[i]))) << "clamp " << xs[i];
    }
  }
  std::printf("[z3] f%d: %d operations agree with Z3's IEEE model\n", W, checked);
}
TEST(Z3Helpers, FloatMatchesIeeeModelF32) { fpAgree<float>(); }
TEST(Z3Helpers, FloatMatchesIeeeModelF64) { fpAgree<double>(); }

}  // namespace
}  // namespace gcn::sem
