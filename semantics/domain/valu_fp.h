// Floating-point domain of the VALU float instructions (valu_fp*.cc): f16
// values, IEEE/non-IEEE min/max, rounding to integral, ldexp/frexp,
// conversions with MODE rounding and saturation, transcendental
// approximations, the division helpers, compare classes.
//
// Shape (as fp.h): every operation is a scalar function of the FpMode and
// its operands, lifted to Lanes<T> by GCN_FPM_LIFT; definitions call them
// without host branches on values, so a Z3 domain can provide the same names
// over FP sorts. Scalar bodies may branch: they are the concrete
// domain's implementation of one SMT-LIB-expressible function.
//
// f16 values are bit patterns in the low half of a uint32_t (there is no
// portable host half type). An f16 operation converts exactly to double,
// computes the exact (or round-to-odd) result there and rounds once to f16
// with the MODE's f16/f64 rounding, so results are correctly rounded in
// every rounding mode. f16 uses the f64 denorm controls (MODE[7:6]).
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "semantics/domain/fp.h"
#include "semantics/domain/half.h"

namespace gcn::sem {

#define GCN_FT template <class T, class = std::enable_if_t<std::is_floating_point_v<T>>>

// Lifts a scalar `f(const FpMode&, args...)` to lanes (scalars broadcast).
#define GCN_FPM_LIFT(f)                                                       \
  template <class A, class... R, class = std::enable_if_t<IsLanes<A>::value>> \
  inline auto f(const FpMode& m, const A& a, const R&... r) {                 \
    return mapLanes([&m](auto... x) { return f(m, x...); }, a, r...);         \
  }
// Same for mode-free helpers of one or more arguments (first one lanes).
#define GCN_LIFTN(f)                                                          \
  template <class A, class... R, class = std::enable_if_t<IsLanes<A>::value>> \
  inline auto f(const A& a, const R&... r) {                                  \
    return mapLanes([](auto... x) { return f(x...); }, a, r...);              \
  }

// ---------------------------------------------------------------- bits
template <class T> struct FpTraits;
template <> struct FpTraits<float> {
  using U = uint32_t;
  static constexpr U kSign = 0x80000000u, kExp = 0x7f800000u, kMant = 0x007fffffu,
                     kQuiet = 0x00400000u, kMax = 0x7f7fffffu, kBelowOne = 0x3f7fffffu;
  static constexpr int kBias = 127, kMantBits = 23;
  static U bits(float x) { return asU32(x); }
  static float from(U u) { return asF32(u); }
};
template <> struct FpTraits<double> {
  using U = uint64_t;
  static constexpr U kSign = 1ull << 63, kExp = 0x7ff0000000000000ull,
                     kMant = 0x000fffffffffffffull, kQuiet = 0x0008000000000000ull,
                     kMax = 0x7fefffffffffffffull, kBelowOne = 0x3fefffffffffffffull;
  static constexpr int kBias = 1023, kMantBits = 52;
  static U bits(double x) { return asU64(x); }
  static double from(U u) { return asF64(u); }
};

GCN_FT inline bool isSNanBits(T x) {
  using F = FpTraits<T>;
  return isNanBits(x) && !(F::bits(x) & F::kQuiet);
}
GCN_FT inline bool isInfBits(T x) { using F = FpTraits<T>; return (F::bits(x) & ~F::kSign) == F::kExp; }
GCN_FT inline bool signBit(T x) { using F = FpTraits<T>; return (F::bits(x) & F::kSign) != 0; }
GCN_FT inline bool isZeroBits(T x) { using F = FpTraits<T>; return (F::bits(x) & ~F::kSign) == 0; }
GCN_FT inline bool isDenormBits(T x) {
  using F = FpTraits<T>;
  return (F::bits(x) & F::kExp) == 0 && (F::bits(x) & F::kMant) != 0;
}
// The default quiet NaN with a sign ("NAN" / "-NAN" in the spec).
GCN_FT inline T defaultNan(bool neg) {
  using F = FpTraits<T>;
  return F::from((neg ? F::kSign : 0) | F::kExp | F::kQuiet);
}
GCN_FT inline T signedInf(bool neg) { using F = FpTraits<T>; return F::from((neg ? F::kSign : 0) | F::kExp); }
GCN_FT inline T signedMax(bool neg) { using F = FpTraits<T>; return F::from((neg ? F::kSign : 0) | F::kMax); }
GCN_FT inline T signedZero(bool neg) { using F = FpTraits<T>; return F::from(neg ? F::kSign : 0); }

// ------------------------------------------------------------------ f16
inline bool hIsNan(uint32_t h) { return (h & 0x7fffu) > 0x7c00u; }
inline bool hIsInf(uint32_t h) { return (h & 0x7fffu) == 0x7c00u; }
inline uint32_t hQuiet(uint32_t h) { return (h | 0x0200u) & 0xffffu; }
inline uint32_t hFlush(uint32_t h) { return (h & 0x7c00u) == 0 ? h & 0x8000u : h; }
inline uint32_t hIn(const FpMode& m, uint32_t h) { h &= 0xffffu; return m.denorm_in64 ? h : hFlush(h); }
inline uint32_t hOut(const FpMode& m, uint32_t h) { return m.denorm_out64 ? h : hFlush(h); }

// f16 bits -> double, exact. A NaN is built from the bits (payload in the
// top mantissa bits, signalling kept), where the host's f32 -> f64
// conversion would quiet it.
inline double h2d(uint32_t h) {
  if (hIsNan(h))
    return asF64(uint64_t((h >> 15) & 1) << 63 | 0x7ff0000000000000ull | uint64_t(h & 0x3ff) << 42);
  return double(halfToF32(h));
}

namespace fpdetail {
// Rounds x to the binary format with M mantissa and E exponent bits in
// direction r (x holds the exact value, or a round-to-odd value with at
// least M+3 significant bits, so this single rounding is correct); returns
// the bit pattern. NaNs keep their top payload bits and are quieted.
template <int M, int E>
inline uint64_t roundTo(double x, Round r) {
  const uint64_t b = asU64(x), sign = b >> 63;
  const int e = int((b >> 52) & 0x7ff);
  const uint64_t man = b & ((1ull << 52) - 1);
  const int bias = (1 << (E - 1)) - 1;
  const uint64_t exp_all = (1ull << E) - 1, sgn = sign << (M + E);
  if (e == 0x7ff)
    return sgn | exp_all << M | (man ? (1ull << (M - 1)) | (man >> (52 - M)) : 0);
  if (e == 0 && man == 0) return sgn;
  const uint64_t sig = e ? (man | 1ull << 52) : man;
  const int ex = e ? e - 1023 : -1022;  // x = sig * 2^(ex - 52)
  const int te = ex < 1 - bias ? 1 - bias : ex;
  const int shift = 52 - M + (te - ex);
  uint64_t q, rem, half;
  if (shift >= 64) {
    q = 0, rem = 1, half = ~0ull;  // nonzero, below half an ulp
  } else {
    q = sig >> shift, rem = sig & ((1ull << shift) - 1), half = 1ull << (shift - 1);
  }
  bool up = false;
  switch (r) {
    case Round::NEAREST_EVEN: up = rem > half || (rem == half && (q & 1)); break;
    case Round::PLUS_INF: up = rem != 0 && !sign; break;
    case Round::MINUS_INF: up = rem != 0 && sign; break;
    case Round::TO_ZERO: break;
  }
  q += up;
  uint64_t mag = te > bias ? exp_all << M : (uint64_t(te + bias - 1) << M) + q;
  if (mag >= exp_all << M) {
    const bool to_inf = r == Round::NEAREST_EVEN || (r == Round::PLUS_INF && !sign) ||
                        (r == Round::MINUS_INF && sign);
    mag = to_inf ? exp_all << M : ((exp_all - 1) << M) | ((1ull << M) - 1);
  }
  return sgn | mag;
}
// p + c rounded to odd (p, c exact doubles; no overflow): a later rounding
// to <= 51 bits is then the correct rounding of the exact sum.
inline double addToOdd(double p, double c) {
  const double s = p + c;
  if (!std::isfinite(s)) return s;  // an infinite (or NaN) sum is exact: no TwoSum error term
  const double bb = s - p;
  const double err = (p - (s - bb)) + (c - bb);  // TwoSum: s + err == p + c
  if (err != 0 && !(asU64(s) & 1)) return std::nextafter(s, err > 0 ? INFINITY : -INFINITY);
  return s;
}
// IEEE sign of an exact zero sum: -0 in round-toward-negative unless both
// addends are +0; the host (nearest) gives -0 only for (-0) + (-0).
inline double zeroSum(double s, double a, double b, Round r) {
  if (s == 0 && r == Round::MINUS_INF && !(!std::signbit(a) && !std::signbit(b))) return -0.0;
  return s;
}
}  // namespace fpdetail

inline uint32_t d2h(double x, Round r) { return uint32_t(fpdetail::roundTo<10, 5>(x, r)); }
inline float d2f(double x, Round r) { return asF32(uint32_t(fpdetail::roundTo<23, 8>(x, r))); }

// Runs an f16 operation through double: inputs flushed per MODE, f computes
// the exact (or correctly rounded-to-double, >= 2p+2 bits) result, one
// rounding to f16, output flushed per MODE.
template <class F>
inline uint32_t hApply(const FpMode& m, F f, uint32_t a) {
  a = hIn(m, a);
  return hOut(m, d2h(f(h2d(a)), m.round64));
}
template <class F>
inline uint32_t hApply(const FpMode& m, F f, uint32_t a, uint32_t b) {
  a = hIn(m, a), b = hIn(m, b);
  return hOut(m, d2h(f(h2d(a), h2d(b)), m.round64));
}
template <class F>
inline uint32_t hApply(const FpMode& m, F f, uint32_t a, uint32_t b, uint32_t c) {
  a = hIn(m, a), b = hIn(m, b), c = hIn(m, c);
  return hOut(m, d2h(f(h2d(a), h2d(b), h2d(c)), m.round64));
}
// The first NaN operand, quieted, else r.
inline uint32_t hNan2(uint32_t a, uint32_t b, uint32_t r) {
  return hIsNan(a) ? hQuiet(a) : (hIsNan(b) ? hQuiet(b) : r);
}

// f16 arithmetic: sums of two f16 are exact in double (<= 40 bits), products
// too (22 bits); fma goes through round-to-odd.
inline uint32_t hadd(const FpMode& m, uint32_t a, uint32_t b) {
  const Round r = m.round64;
  uint32_t v = hApply(m, [r](double x, double y) { return fpdetail::zeroSum(x + y, x, y, r); }, a, b);
  return hNan2(a & 0xffff, b & 0xffff, v);
}
inline uint32_t hsub(const FpMode& m, uint32_t a, uint32_t b) {
  const Round r = m.round64;
  uint32_t v = hApply(m, [r](double x, double y) { return fpdetail::zeroSum(x - y, x, -y, r); }, a, b);
  return hNan2(a & 0xffff, b & 0xffff, v);
}
inline uint32_t hmul(const FpMode& m, uint32_t a, uint32_t b) {
  return hNan2(a & 0xffff, b & 0xffff, hApply(m, [](double x, double y) { return x * y; }, a, b));
}
inline uint32_t hfma(const FpMode& m, uint32_t a, uint32_t b, uint32_t c) {
  const Round r = m.round64;
  uint32_t v = hApply(m, [r](double x, double y, double z) {
    const double p = x * y;
    return fpdetail::zeroSum(fpdetail::addToOdd(p, z), p, z, r);
  }, a, b, c);
  a &= 0xffff, b &= 0xffff, c &= 0xffff;
  return hIsNan(a) || hIsNan(b) ? hNan2(a, b, v) : hNan2(c, c, v);
}
// MAD (not fused): the product rounded to f16, then the sum.
inline uint32_t hmad(const FpMode& m, uint32_t a, uint32_t b, uint32_t c) {
  return hadd(m, hmul(m, a, b), c);
}
inline float h2f(const FpMode& m, uint32_t h) { return float(h2d(hIn(m, h))); }
GCN_FPM_LIFT(hadd) GCN_FPM_LIFT(hsub) GCN_FPM_LIFT(hmul) GCN_FPM_LIFT(hfma)
GCN_FPM_LIFT(hmad) GCN_FPM_LIFT(h2f)

// Output modifiers for f16 results (the VOP3 context applies them).
inline uint32_t hOmod(const FpMode& m, uint32_t h, int omod) {
  static const double kScale[4] = {1.0, 2.0, 4.0, 0.5};
  if (omod == 0 || hIsNan(h)) return h;
  return hOut(m, d2h(h2d(h) * kScale[omod & 3], m.round64));
}
inline uint32_t hClamp(const FpMode& m, uint32_t h) {
  if (hIsNan(h)) return m.dx10_clamp ? 0u : h;
  if (h & 0x8000u) return 0u;  // negative (and -0)
  return h > 0x3c00u ? 0x3c00u : h;
}

// -------------------------------------------------------- min / max
// IEEE mode (MODE.IEEE=1): minNum/maxNum of IEEE 754-2008 with signalling
// NaNs returned quieted; a quiet NaN operand yields the other operand.
// Non-IEEE mode: any NaN operand yields the other operand. -0 < +0.
// Denormal inputs are flushed per MODE first.
GCN_FT inline T fpminmax(const FpMode& m, T a, T b, bool is_max) {
  a = detail::in(m, a), b = detail::in(m, b);
  const bool a_lt = a < b || (a == b && signBit(a) && !signBit(b));
  const bool b_lt = b < a || (a == b && signBit(b) && !signBit(a));
  T r = is_max ? (b_lt ? a : b) : (a_lt ? a : b);
  if (isNanBits(a)) r = isNanBits(b) ? quietNan(a) : b;
  else if (isNanBits(b)) r = a;
  if (m.ieee && (isSNanBits(a) || isSNanBits(b))) r = isSNanBits(a) ? quietNan(a) : quietNan(b);
  return detail::out(m, r);
}
GCN_FT inline T fpmin(const FpMode& m, T a, T b) { return fpminmax(m, a, b, false); }
GCN_FT inline T fpmax(const FpMode& m, T a, T b) { return fpminmax(m, a, b, true); }
// MIN3/MAX3/MED3 per the spec: a NaN operand makes the result the MIN/MAX
// of the other two; else the smallest / largest / median.
GCN_FT inline T fpmin3(const FpMode& m, T a, T b, T c) {
  a = detail::in(m, a), b = detail::in(m, b), c = detail::in(m, c);
  if (isNanBits(a)) return fpmin(m, b, c);
  if (isNanBits(b)) return fpmin(m, a, c);
  if (isNanBits(c)) return fpmin(m, a, b);
  return fpmin(m, fpmin(m, a, b), c);
}
GCN_FT inline T fpmax3(const FpMode& m, T a, T b, T c) {
  a = detail::in(m, a), b = detail::in(m, b), c = detail::in(m, c);
  if (isNanBits(a)) return fpmax(m, b, c);
  if (isNanBits(b)) return fpmax(m, a, c);
  if (isNanBits(c)) return fpmax(m, a, b);
  return fpmax(m, fpmax(m, a, b), c);
}
GCN_FT inline T fpmed3(const FpMode& m, T a, T b, T c) {
  a = detail::in(m, a), b = detail::in(m, b), c = detail::in(m, c);
  if (isNanBits(a)) return fpmin(m, b, c);
  if (isNanBits(b)) return fpmin(m, a, c);
  if (isNanBits(c)) return fpmin(m, a, b);
  return fpmax(m, fpmin(m, a, b), fpmin(m, fpmax(m, a, b), c));
}
// GFX6/7 DX9 ("legacy") rules: (a < b) ? a : b, so a NaN in SRC1 is the
// result and a NaN in SRC0 yields SRC1.
GCN_FT inline T fpminLegacy(const FpMode& m, T a, T b) {
  a = detail::in(m, a), b = detail::in(m, b);
  return detail::out(m, a < b ? a : b);
}
GCN_FT inline T fpmaxLegacy(const FpMode& m, T a, T b) {
  a = detail::in(m, a), b = detail::in(m, b);
  return detail::out(m, a > b ? a : b);
}
// DX9 multiply: 0 * anything (inf, NaN) = +0.
GCN_FT inline T fmulLegacy(const FpMode& m, T a, T b) {
  const T ai = detail::in(m, a), bi = detail::in(m, b);
  return (ai != T(0) && bi != T(0)) ? fmul(m, a, b) : T(0);
}
inline uint32_t hmin(const FpMode& m, uint32_t a, uint32_t b) {
  return hApply(m, [&m](double x, double y) { return fpmin(m, x, y); }, a, b);
}
inline uint32_t hmax(const FpMode& m, uint32_t a, uint32_t b) {
  return hApply(m, [&m](double x, double y) { return fpmax(m, x, y); }, a, b);
}
inline uint32_t hmin3(const FpMode& m, uint32_t a, uint32_t b, uint32_t c) {
  return hApply(m, [&m](double x, double y, double z) { return fpmin3(m, x, y, z); }, a, b, c);
}
inline uint32_t hmax3(const FpMode& m, uint32_t a, uint32_t b, uint32_t c) {
  return hApply(m, [&m](double x, double y, double z) { return fpmax3(m, x, y, z); }, a, b, c);
}
inline uint32_t hmed3(const FpMode& m, uint32_t a, uint32_t b, uint32_t c) {
  return hApply(m, [&m](double x, double y, double z) { return fpmed3(m, x, y, z); }, a, b, c);
}
GCN_FPM_LIFT(fpmin) GCN_FPM_LIFT(fpmax) GCN_FPM_LIFT(fpmin3) GCN_FPM_LIFT(fpmax3)
GCN_FPM_LIFT(fpmed3) GCN_FPM_LIFT(fpminLegacy) GCN_FPM_LIFT(fpmaxLegacy)
GCN_FPM_LIFT(fmulLegacy) GCN_FPM_LIFT(hmin) GCN_FPM_LIFT(hmax) GCN_FPM_LIFT(hmin3)
GCN_FPM_LIFT(hmax3) GCN_FPM_LIFT(hmed3)

// MAD (not fused): round(round(a*b) + c).
GCN_FT inline T fmad(const FpMode& m, T a, T b, T c) { return fadd(m, fmul(m, a, b), c); }
// Lanes: the two lifted operations, each equal to its scalar one per lane
// (and so taking their vector paths rather than the scalar ones per lane).
template <class M, class T, int N, class = detail::IfMode<M>>
inline Lanes<T, N> fmad(const M& m, const Lanes<T, N>& a, const Lanes<T, N>& b,
                        const Lanes<T, N>& c) {
  return fadd(m, fmul(m, a, b), c);
}

// ---------------------------------------------- integral rounding, fract
// Exact operations (no rounding): NaNs quieted, -0 kept, denormal inputs
// flushed per MODE.
GCN_FT inline T fpRoundInt(const FpMode& m, T x, int how) {
  x = detail::in(m, x);
  if (isNanBits(x)) return quietNan(x);
  switch (how) {
    case 0: return std::trunc(x);
    case 1: return std::ceil(x);
    case 2: return std::floor(x);
    default: return std::nearbyint(x);  // host mode is nearest-even here
  }
}
GCN_FT inline T ftrunc(const FpMode& m, T x) { return fpRoundInt(m, x, 0); }
GCN_FT inline T fceil(const FpMode& m, T x) { return fpRoundInt(m, x, 1); }
GCN_FT inline T ffloor(const FpMode& m, T x) { return fpRoundInt(m, x, 2); }
GCN_FT inline T frndne(const FpMode& m, T x) { return fpRoundInt(m, x, 3); }
// FRACT: x - floor(x), kept below 1.0 (for tiny negative x the rounded
// difference would be 1.0); +-inf -> NaN with the input's sign; NaN quieted.
GCN_FT inline T ffract(const FpMode& m, T x) {
  using F = FpTraits<T>;
  x = detail::in(m, x);
  if (isNanBits(x)) return quietNan(x);
  if (isInfBits(x)) return defaultNan<T>(signBit(x));
  T r = x - std::floor(x);
  if (F::bits(r) > F::kBelowOne) r = F::from(F::kBelowOne);
  return detail::out(m, r);
}
GCN_FPM_LIFT(ftrunc) GCN_FPM_LIFT(fceil) GCN_FPM_LIFT(ffloor) GCN_FPM_LIFT(frndne)
GCN_FPM_LIFT(ffract)
inline uint32_t htrunc(const FpMode& m, uint32_t h) { return hApply(m, [](double x) { return isNanBits(x) ? quietNan(x) : std::trunc(x); }, h); }
inline uint32_t hceil(const FpMode& m, uint32_t h) { return hApply(m, [](double x) { return isNanBits(x) ? quietNan(x) : std::ceil(x); }, h); }
inline uint32_t hfloor(const FpMode& m, uint32_t h) { return hApply(m, [](double x) { return isNanBits(x) ? quietNan(x) : std::floor(x); }, h); }
inline uint32_t hrndne(const FpMode& m, uint32_t h) { return hApply(m, [](double x) { return isNanBits(x) ? quietNan(x) : std::nearbyint(x); }, h); }
inline uint32_t hfract(const FpMode& m, uint32_t h) {
  h = hIn(m, h);
  if (hIsNan(h)) return hQuiet(h);
  if (hIsInf(h)) return (h & 0x8000u) | 0x7e00u;
  const double x = h2d(h);
  uint32_t r = d2h(x - std::floor(x), m.round64);
  return hOut(m, r > 0x3bffu ? 0x3bffu : r);
}
GCN_FPM_LIFT(htrunc) GCN_FPM_LIFT(hceil) GCN_FPM_LIFT(hfloor) GCN_FPM_LIFT(hrndne)
GCN_FPM_LIFT(hfract)

// ------------------------------------------------------ ldexp / frexp
// LDEXP: x * 2^e (e a signed 32-bit integer), one rounding per MODE.
GCN_FT inline T fldexp(const FpMode& m, T x, uint32_t e) {
  x = detail::in(m, x);
  if (isNanBits(x)) return quietNan(x);
  int32_t n = int32_t(e);
  n = n > 4096 ? 4096 : (n < -4096 ? -4096 : n);
  return detail::out(m, detail::underRound<T>(
                           detail::rnd<T>(m), [](T x, int32_t n) { return std::ldexp(x, n); }, x, n));
}
inline uint32_t hldexp(const FpMode& m, uint32_t h, uint32_t e) {
  int32_t n = int32_t(e);
  n = n > 64 ? 64 : (n < -64 ? -64 : n);
  const uint32_t a = hIn(m, h);
  if (hIsNan(a)) return hQuiet(a);
  return hOut(m, d2h(std::ldexp(h2d(a), n), m.round64));  // exact in double
}
// FREXP_MANT: mantissa in [0.5, 1) with the sign; inf -> inf (GFX6: -NaN);
// NaN quieted. FREXP_EXP: the exponent; inf/NaN -> 0 (GFX6: -1).
GCN_FT inline T ffrexpMant(const FpMode& m, T x, bool gfx6) {
  x = detail::in(m, x);
  if (isNanBits(x)) return quietNan(x);
  if (isInfBits(x)) return gfx6 ? defaultNan<T>(true) : x;
  int e;
  return std::frexp(x, &e);
}
GCN_FT inline uint32_t ffrexpExp(const FpMode& m, T x, bool gfx6) {
  x = detail::in(m, x);
  if (isNanBits(x) || isInfBits(x)) return gfx6 ? ~0u : 0u;
  int e;
  std::frexp(x, &e);
  return uint32_t(e);
}
inline uint32_t hfrexpMant(const FpMode& m, uint32_t h) {
  h = hIn(m, h);
  if (hIsNan(h)) return hQuiet(h);
  if (hIsInf(h)) return h;
  int e;
  return d2h(std::frexp(h2d(h), &e), m.round64);  // exact
}
inline uint32_t hfrexpExp(const FpMode& m, uint32_t h) {
  h = hIn(m, h);
  if (hIsNan(h) || hIsInf(h)) return 0;
  int e;
  std::frexp(h2d(h), &e);
  return uint32_t(e) & 0xffffu;
}
GCN_FPM_LIFT(fldexp) GCN_FPM_LIFT(hldexp) GCN_FPM_LIFT(ffrexpMant) GCN_FPM_LIFT(ffrexpExp)
GCN_FPM_LIFT(hfrexpMant) GCN_FPM_LIFT(hfrexpExp)

// ---------------------------------------------------- transcendentals
// The hardware's are approximations (AMD documents 1 ULP for rcp, rsq,
// sqrt, exp, log in f32). The model evaluates each in double or long double
// and rounds once; the bounds stated per function are what the model
// guarantees and what valu_fp_test.cc checks against long-double references.
// MODE rounding is not applied to approximations (they are not IEEE
// operations); denormal flushing is.
namespace fpdetail {
// The common NaN rule of the approximations: a NaN input is returned quieted.
GCN_FT inline T nanOr(T x, T r) { return isNanBits(x) ? quietNan(x) : r; }
constexpr long double kTwoPiL = 6.283185307179586476925286766559005768L;
}  // namespace fpdetail

// RCP: 1/x. Bound: 0.5 ULP (the double quotient rounds innocuously to f32;
// f64: IEEE division).
GCN_FT inline T frcp(const FpMode& m, T x) {
  x = detail::in(m, x);
  T r;
  if constexpr (std::is_same_v<T, float>) r = float(1.0 / double(x));
  else r = 1.0 / x;
  return fpdetail::nanOr(x, detail::out(m, r));
}
// RSQ: 1/sqrt(x); x < 0 -> -NaN, +-0 -> +-inf. Bound: 1 ULP (long double
// evaluation rounded once: 0.5 ULP + 2^-62 relative).
GCN_FT inline T frsq(const FpMode& m, T x) {
  x = detail::in(m, x);
  T r;
  if (isZeroBits(x)) r = signedInf<T>(signBit(x));
  else if (x < T(0)) r = defaultNan<T>(true);
  else r = T(1.0L / std::sqrt((long double)x));
  return fpdetail::nanOr(x, detail::out(m, r));
}
// SQRT: x >= 0 (incl. -0) -> sqrt, else -NaN. Bound: 0.5 ULP (correctly
// rounded: f32 through double, f64 IEEE sqrt).
GCN_FT inline T fsqrt(const FpMode& m, T x) {
  x = detail::in(m, x);
  const T r = x >= T(0) ? T(std::sqrt(double(x))) : defaultNan<T>(true);
  return fpdetail::nanOr(x, detail::out(m, r));
}
// EXP: 2^x; x < -126 -> 0 (spec: regardless of MODE). Bound: 1 ULP (exp2l).
inline float fexp2(const FpMode& m, float x) {
  x = detail::in(m, x);
  const float r = x >= -126.0f ? float(std::exp2((long double)x)) : 0.0f;
  return fpdetail::nanOr(x, detail::out(m, r));
}
// LOG: log2(x); 1 -> 0, x < 0 -> -NaN, +-0 -> -inf. Bound: 1 ULP (log2l).
inline float flog2(const FpMode& m, float x) {
  x = detail::in(m, x);
  float r;
  if (isZeroBits(x)) r = -INFINITY;
  else if (x < 0.0f) r = defaultNan<float>(true);
  else r = float(std::log2((long double)x));
  return fpdetail::nanOr(x, detail::out(m, r));
}
// SIN/COS: sin(2*pi*x), cos(2*pi*x) for |x| <= 256 (x in revolutions);
// other finite x -> 0 (sin) / 1 (cos); +-inf -> -NaN; NaN -> SRC0 as is.
// Bound: |r - f(2*pi*x)| <= 1 ULP(r) + 2^-60 (argument reduced exactly
// modulo 1, then sinl/cosl).
inline long double sinCosRev(long double x, bool cos) {
  const long double xr = x - std::nearbyint(x);  // exact, in [-0.5, 0.5]
  return cos ? std::cos(fpdetail::kTwoPiL * xr) : std::sin(fpdetail::kTwoPiL * xr);
}
inline float fsinRev(const FpMode& m, float x, bool cos) {
  x = detail::in(m, x);
  if (isNanBits(x)) return x;
  if (isInfBits(x)) return defaultNan<float>(true);
  const float r = std::fabs(x) <= 256.0f ? float(sinCosRev(x, cos)) : (cos ? 1.0f : 0.0f);
  return detail::out(m, r);
}
inline float fsin(const FpMode& m, float x) { return fsinRev(m, x, false); }
inline float fcos(const FpMode& m, float x) { return fsinRev(m, x, true); }
GCN_FPM_LIFT(frcp) GCN_FPM_LIFT(frsq) GCN_FPM_LIFT(fsqrt) GCN_FPM_LIFT(fexp2)
GCN_FPM_LIFT(flog2) GCN_FPM_LIFT(fsin) GCN_FPM_LIFT(fcos)

// Legacy/clamped variants (GFX6/7), per the spec's Operation.
inline float frcpLegacy(const FpMode& m, float x) {
  const float xi = detail::in(m, x);
  const float r = frcp(m, x);
  return (isZeroBits(xi) || isInfBits(r)) && !isNanBits(xi) ? signedZero<float>(signBit(xi)) : r;
}
GCN_FT inline T frcpClamp(const FpMode& m, T x) {
  const T r = frcp(m, x);
  return isInfBits(r) ? signedMax<T>(signBit(r)) : r;
}
GCN_FT inline T frsqClamp(const FpMode& m, T x) {
  const T r = frsq(m, x);
  return isInfBits(r) && !signBit(r) ? signedMax<T>(false) : r;
}
inline float frsqLegacy(const FpMode& m, float x) {
  const float r = frsq(m, x);
  return isInfBits(r) && !signBit(r) ? 0.0f : r;
}
inline float flog2Clamp(const FpMode& m, float x) {
  const float r = flog2(m, x);
  return isInfBits(r) && signBit(r) ? signedMax<float>(true) : r;
}
GCN_FPM_LIFT(frcpLegacy) GCN_FPM_LIFT(frcpClamp) GCN_FPM_LIFT(frsqClamp)
GCN_FPM_LIFT(frsqLegacy) GCN_FPM_LIFT(flog2Clamp)

// f16 transcendentals: the f32 definitions on the exact f16 value, rounded
// once to f16 (RNE). Bound: 1 ULP of f16.
inline uint32_t hTrans(const FpMode& m, uint32_t h, int op) {
  h = hIn(m, h);
  if (hIsNan(h)) return op >= 5 ? h : hQuiet(h);  // sin/cos return SRC0 as is
  const long double x = h2d(h);
  const long double nnan = defaultNan<double>(true);
  const bool zero = (h & 0x7fffu) == 0, neg = h & 0x8000u, inf = hIsInf(h);
  long double r;
  switch (op) {
    case 0: r = zero ? signedInf<double>(neg) : 1.0L / x; break;
    case 1: r = zero ? signedInf<double>(neg) : (neg ? nnan : 1.0L / std::sqrt(x)); break;
    case 2: r = x >= 0 ? std::sqrt(x) : nnan; break;
    case 3: r = std::exp2(x); break;  // no -126 cut-off: f16 has no such range
    case 4: r = zero ? -INFINITY : (neg ? nnan : std::log2(x)); break;
    default:
      r = inf ? nnan : (std::fabs(x) <= 256 ? sinCosRev(x, op == 6) : (op == 6 ? 1 : 0));
  }
  return hOut(m, d2h(double(r), Round::NEAREST_EVEN));
}
inline uint32_t hrcp(const FpMode& m, uint32_t h) { return hTrans(m, h, 0); }
inline uint32_t hrsq(const FpMode& m, uint32_t h) { return hTrans(m, h, 1); }
inline uint32_t hsqrt(const FpMode& m, uint32_t h) { return hTrans(m, h, 2); }
inline uint32_t hexp2(const FpMode& m, uint32_t h) { return hTrans(m, h, 3); }
inline uint32_t hlog2(const FpMode& m, uint32_t h) { return hTrans(m, h, 4); }
inline uint32_t hsin(const FpMode& m, uint32_t h) { return hTrans(m, h, 5); }
inline uint32_t hcos(const FpMode& m, uint32_t h) { return hTrans(m, h, 6); }
GCN_FPM_LIFT(hrcp) GCN_FPM_LIFT(hrsq) GCN_FPM_LIFT(hsqrt) GCN_FPM_LIFT(hexp2)
GCN_FPM_LIFT(hlog2) GCN_FPM_LIFT(hsin) GCN_FPM_LIFT(hcos)

// -------------------------------------------------------- division
// DIV_SCALE (spec): S12 = the source other than the one equal to SRC0;
// SRC0 NaN/inf -> SRC0, flag; |S12| >= 2^(B + exp(SRC0) - 1) or S12 NaN ->
// SRC0 * 2^S, flag; else SRC0. (f32: B = 96, S = 64; f64: B = 768, S = 128.)
GCN_FT inline bool divScaleFlag(const FpMode& m, T s0, T s1, T s2) {
  s0 = detail::in(m, s0), s1 = detail::in(m, s1), s2 = detail::in(m, s2);
  const int B = std::is_same_v<T, float> ? 96 : 768;
  const T s12 = FpTraits<T>::bits(s0) != FpTraits<T>::bits(s1) ? s1 : s2;
  if (isNanBits(s0) || isInfBits(s0)) return true;
  int e;
  std::frexp(s0, &e);
  return std::fabs((long double)s12) >= std::ldexp(1.0L, B + e - 1) || isNanBits(s12);
}
GCN_FT inline T divScaleVal(const FpMode& m, T s0, T s1, T s2) {
  const T x = detail::in(m, s0);
  const int S = std::is_same_v<T, float> ? 64 : 128;
  if (isNanBits(x) || isInfBits(x) || !divScaleFlag(m, s0, s1, s2)) return x;
  return fldexp(m, x, uint32_t(S));
}
// DIV_FMAS: fma(s0, s1, s2), scaled when the lane's VCC bit is set (by
// 2^64 if |s2| >= 2 else 2^-64; f64: 2^+-128).
GCN_FT inline T divFmas(const FpMode& m, T a, T b, T c, bool vcc) {
  const T r = ffma(m, a, b, c);
  const int S = std::is_same_v<T, float> ? 64 : 128;
  const T ci = detail::in(m, c);
  if (!vcc) return r;
  return fldexp(m, r, uint32_t(std::fabs(ci) >= T(2) ? S : -S));
}
// DIV_FIXUP: the spec's special cases in order; else SRC0 (the quotient).
GCN_FT inline T divFixup(const FpMode& m, T s0, T s1, T s2) {
  s0 = detail::in(m, s0), s1 = detail::in(m, s1), s2 = detail::in(m, s2);
  const bool sg = signBit(s1) != signBit(s2);
  if (isNanBits(s1) && !isNanBits(s2)) return quietNan(s1);
  if (isNanBits(s2)) return quietNan(s2);
  if (isZeroBits(s1) && isZeroBits(s2)) return defaultNan<T>(false);
  if (isInfBits(s1) && isInfBits(s2)) return defaultNan<T>(true);
  if (isZeroBits(s1)) return signedInf<T>(sg);
  if (isInfBits(s1)) return signedZero<T>(sg);
  if (isNanBits(s0)) return signedInf<T>(sg);
  return detail::out(m, s0);
}
inline uint32_t hdivFixup(const FpMode& m, uint32_t a, uint32_t b, uint32_t c) {
  return hApply(m, [&m](double x, double y, double z) { return divFixup(m, x, y, z); }, a, b, c);
}
GCN_FPM_LIFT(divScaleFlag) GCN_FPM_LIFT(divScaleVal) GCN_FPM_LIFT(divFmas)
GCN_FPM_LIFT(divFixup) GCN_FPM_LIFT(hdivFixup)

// TRIG_PREOP (AMD's documented algorithm, the spec's is garbled): 53 bits
// of 2/pi starting at bit 53*SEG + max(0, exponent(S0) - 1077), as a double
// scaled by 2^(-53 - shift) (+128 when exponent(S0) >= 1968); truncated.
double trigPreop(const FpMode& m, double x, uint32_t seg);
GCN_FPM_LIFT(trigPreop)

// -------------------------------------------------------- conversions
// FLOAT -> INT: NaN -> 0, truncation toward zero, saturation.
GCN_FT inline uint32_t cvtToI32(const FpMode& m, T x) {
  x = detail::in(m, x);
  if (isNanBits(x)) return 0;
  const double t = std::trunc(double(x));
  return t >= 2147483647.0 ? 0x7fffffffu : (t <= -2147483648.0 ? 0x80000000u : uint32_t(int32_t(t)));
}
// Negative values saturate to 0 (the spec's MIN alone leaves them undefined).
GCN_FT inline uint32_t cvtToU32(const FpMode& m, T x) {
  x = detail::in(m, x);
  if (isNanBits(x)) return 0;
  const double t = std::trunc(double(x));
  return t >= 4294967295.0 ? 0xffffffffu : (t <= 0 ? 0u : uint32_t(t));
}
// CVT_RPI / CVT_FLR: floor(x + 0.5) / floor(x) (the +0.5 in f32), saturated;
// NaN -> INT_MAX or INT_MIN by the sign bit (spec).
inline uint32_t cvtFloorI32(const FpMode& m, float x, bool rpi) {
  x = detail::in(m, x);
  if (isNanBits(x)) return signBit(x) ? 0x80000000u : 0x7fffffffu;
  const double f = std::floor(double(rpi ? x + 0.5f : x));
  return f >= 2147483647.0 ? 0x7fffffffu : (f <= -2147483648.0 ? 0x80000000u : uint32_t(int32_t(f)));
}
inline uint32_t cvtRpiI32(const FpMode& m, float x) { return cvtFloorI32(m, x, true); }
inline uint32_t cvtFlrI32(const FpMode& m, float x) { return cvtFloorI32(m, x, false); }
// INT -> FLOAT: rounded per MODE (f32 round mode); exact into f64.
inline float cvtI32ToF32(const FpMode& m, uint32_t x) { return d2f(double(int32_t(x)), m.round32); }
inline float cvtU32ToF32(const FpMode& m, uint32_t x) { return d2f(double(x), m.round32); }
inline double cvtI32ToF64(const FpMode&, uint32_t x) { return double(int32_t(x)); }
inline double cvtU32ToF64(const FpMode&, uint32_t x) { return double(x); }
// f64 -> f32 rounds per the f32 mode; f32 -> f64 is exact.
inline float cvtF64ToF32(const FpMode& m, double x) {
  x = detail::in(m, x);
  return detail::out(m, d2f(x, m.round32));
}
inline double cvtF32ToF64(const FpMode& m, float x) { return double(detail::in(m, x)); }
// f32 <-> f16: rounding to f16 per the f16/f64 mode (RTZ for cvt_pkrtz).
inline uint32_t cvtF32ToF16(const FpMode& m, float x) { return hOut(m, d2h(detail::in(m, x), m.round64)); }
inline uint32_t cvtF32ToF16Rtz(const FpMode& m, float x) { return hOut(m, d2h(detail::in(m, x), Round::TO_ZERO)); }
inline float cvtF16ToF32(const FpMode& m, uint32_t h) { return detail::out(m, float(h2d(hIn(m, h)))); }
// 16-bit ints <-> f16.
inline uint32_t cvtI16ToF16(const FpMode& m, uint32_t x) { return hOut(m, d2h(double(int16_t(x)), m.round64)); }
inline uint32_t cvtU16ToF16(const FpMode& m, uint32_t x) { return hOut(m, d2h(double(x & 0xffffu), m.round64)); }
inline uint32_t cvtF16ToI16(const FpMode& m, uint32_t h) {
  h = hIn(m, h);
  if (hIsNan(h)) return 0;
  const double t = std::trunc(h2d(h));
  return uint32_t(int32_t(t > 32767 ? 32767 : (t < -32768 ? -32768 : t))) & 0xffffu;
}
inline uint32_t cvtF16ToU16(const FpMode& m, uint32_t h) {
  h = hIn(m, h);
  if (hIsNan(h)) return 0;
  const double t = std::trunc(h2d(h));
  return uint32_t(t > 65535 ? 65535 : (t < 0 ? 0 : t));
}
// Normalised: round-to-nearest-even of x * 32767 (clamped to +-32767) or
// x * 65535 (clamped to [0, 65535]); NaN -> 0. f32 sources multiply in f32
// (spec: FLOAT f = RNDNEINT(S*32767)); f16 sources are exact in double.
GCN_FT inline uint32_t cvtNormI16(const FpMode& m, T x) {
  x = detail::in(m, x);
  const T f = std::nearbyint(x * T(32767));
  if (isNanBits(f)) return 0;
  return uint32_t(int32_t(f > T(32767) ? T(32767) : (f < T(-32767) ? T(-32767) : f))) & 0xffffu;
}
GCN_FT inline uint32_t cvtNormU16(const FpMode& m, T x) {
  x = detail::in(m, x);
  const T f = std::nearbyint(x * T(65535));
  if (isNanBits(f)) return 0;
  return uint32_t(f > T(65535) ? T(65535) : (f < T(0) ? T(0) : f));
}
inline uint32_t hcvtNormI16(const FpMode& m, uint32_t h) { return cvtNormI16(m, h2d(hIn(m, h))); }
inline uint32_t hcvtNormU16(const FpMode& m, uint32_t h) { return cvtNormU16(m, h2d(hIn(m, h))); }
// CVT_PK_U8_F32 byte: round-to-nearest-even, clamped to [0, 255]; NaN -> 0.
inline uint32_t cvtU8(const FpMode& m, float x) {
  x = detail::in(m, x);
  const float f = std::nearbyint(x);
  if (isNanBits(f)) return 0;
  return uint32_t(f > 255.0f ? 255.0f : (f < 0.0f ? 0.0f : f));
}
// CVT_OFF_F32_I4: the low nibble as a signed 4-bit value / 16.
inline float cvtOffF32I4(const FpMode&, uint32_t x) {
  return float(int32_t((x & 0xf) ^ 8)) / 16.0f - 0.5f;
}
GCN_FPM_LIFT(cvtToI32) GCN_FPM_LIFT(cvtToU32) GCN_FPM_LIFT(cvtRpiI32) GCN_FPM_LIFT(cvtFlrI32)
GCN_FPM_LIFT(cvtI32ToF32) GCN_FPM_LIFT(cvtU32ToF32) GCN_FPM_LIFT(cvtI32ToF64)
GCN_FPM_LIFT(cvtU32ToF64) GCN_FPM_LIFT(cvtF64ToF32) GCN_FPM_LIFT(cvtF32ToF64)
GCN_FPM_LIFT(cvtF32ToF16) GCN_FPM_LIFT(cvtF32ToF16Rtz) GCN_FPM_LIFT(cvtF16ToF32)
GCN_FPM_LIFT(cvtI16ToF16) GCN_FPM_LIFT(cvtU16ToF16) GCN_FPM_LIFT(cvtF16ToI16)
GCN_FPM_LIFT(cvtF16ToU16) GCN_FPM_LIFT(cvtNormI16) GCN_FPM_LIFT(cvtNormU16)
GCN_FPM_LIFT(hcvtNormI16) GCN_FPM_LIFT(hcvtNormU16) GCN_FPM_LIFT(cvtU8)
GCN_FPM_LIFT(cvtOffF32I4)

// ------------------------------------------------------------ compares
// Operands of an ordered/unordered compare: denormals flushed per MODE (so
// a flushed denormal equals 0); f16 widened exactly.
GCN_FT inline T cmpIn(const FpMode& m, T x) { return detail::in(m, x); }
inline double hcmpIn(const FpMode& m, uint32_t h) { return h2d(hIn(m, h)); }
GCN_FPM_LIFT(cmpIn) GCN_FPM_LIFT(hcmpIn)
GCN_LIFTN(isNanBits) GCN_LIFTN(signBit) GCN_LIFTN(hIsNan)

// CMP_CLASS: bit of SRC1 per class of SRC0 (0 sNaN, 1 qNaN, 2 -inf,
// 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf).
// Classification sees the operand as is (no flushing).
GCN_FT inline bool fpClass(T x, uint32_t mask) {
  int c;
  const bool n = signBit(x);
  if (isNanBits(x)) c = isSNanBits(x) ? 0 : 1;
  else if (isInfBits(x)) c = n ? 2 : 9;
  else if (isZeroBits(x)) c = n ? 5 : 6;
  else if (isDenormBits(x)) c = n ? 4 : 7;
  else c = n ? 3 : 8;
  return (mask >> c) & 1;
}
inline bool hClass(uint32_t h, uint32_t mask) {
  h &= 0xffff;
  const bool n = h & 0x8000u;
  int c;
  if (hIsNan(h)) c = (h & 0x200u) ? 1 : 0;
  else if (hIsInf(h)) c = n ? 2 : 9;
  else if ((h & 0x7fffu) == 0) c = n ? 5 : 6;
  else if ((h & 0x7c00u) == 0) c = n ? 4 : 7;
  else c = n ? 3 : 8;
  return (mask >> c) & 1;
}
GCN_LIFTN(fpClass) GCN_LIFTN(hClass)

// Mixed precision (v_mad_mix / v_fma_mix, f32 arithmetic): fma with one
// rounding to f32 or to f16 (through round-to-odd in double: the f32
// product is exact there).
inline uint32_t fmaToF16(const FpMode& m, float a, float b, float c) {
  a = detail::in(m, a), b = detail::in(m, b), c = detail::in(m, c);
  const double p = double(a) * double(b);
  const double s = fpdetail::zeroSum(fpdetail::addToOdd(p, c), p, c, m.round64);
  uint32_t r = hOut(m, d2h(s, m.round64));
  if (isNanBits(a) || isNanBits(b) || isNanBits(c))
    r = d2h(isNanBits(a) ? quietNan(a) : isNanBits(b) ? quietNan(b) : quietNan(c), Round::NEAREST_EVEN);
  return r;
}
inline uint32_t madToF16(const FpMode& m, float a, float b, float c) {
  return cvtF32ToF16(m, fmad(m, a, b, c));
}
GCN_FPM_LIFT(fmaToF16) GCN_FPM_LIFT(madToF16)

}  // namespace gcn::sem
