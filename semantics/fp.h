// Floating point over the domain, honouring the MODE register.
//
// Every FP operation takes the FpMode of the wave (rounding and denormal
// controls decoded from MODE; see GcnState.md "MODE Register"): inputs are
// flushed when the denorm mode says so, the result is rounded in the mode's
// direction, output denormals are flushed when the mode says so. The fast
// path (round-to-nearest-even) uses host arithmetic; directed rounding runs
// the host operation under fesetround (rare in practice, still exact).
// VALU engineers: add operations here (or in valu_fp*.h) in the same shape:
// a scalar function `T op(const FpMode&, T...)` plus a GCN_FP_LIFT line.
#pragma once

#include <cfenv>
#include <cmath>
#include <cstdint>

#include "semantics/domain.h"

namespace gcn::sem {

enum class Round : uint8_t { NEAREST_EVEN = 0, PLUS_INF = 1, MINUS_INF = 2, TO_ZERO = 3 };

struct FpMode {
  Round round32 = Round::NEAREST_EVEN;   // MODE[1:0]
  Round round64 = Round::NEAREST_EVEN;   // MODE[3:2], also f16
  bool denorm_in32 = false, denorm_out32 = false;  // MODE[4] / MODE[5]
  bool denorm_in64 = true, denorm_out64 = true;    // MODE[6] / MODE[7], also f16
  bool dx10_clamp = true;                // MODE[8]
  bool ieee = true;                      // MODE[9]
  static FpMode fromMode(uint32_t mode) {
    FpMode m;
    m.round32 = Round(mode & 3);
    m.round64 = Round((mode >> 2) & 3);
    // Denorm values: bit0 = allow input denormals, bit1 = allow output.
    m.denorm_in32 = (mode >> 4) & 1;
    m.denorm_out32 = (mode >> 5) & 1;
    m.denorm_in64 = (mode >> 6) & 1;
    m.denorm_out64 = (mode >> 7) & 1;
    m.dx10_clamp = (mode >> 8) & 1;
    m.ieee = (mode >> 9) & 1;
    return m;
  }
};

// Denormal -> zero of the same sign (bit ops, so loops over lanes vectorise).
inline float flushDenorm(float x) {
  uint32_t b = asU32(x);
  return asF32((b & 0x7f800000u) == 0 ? b & 0x80000000u : b);
}
inline double flushDenorm(double x) {
  uint64_t b = asU64(x);
  return asF64((b & 0x7ff0000000000000ull) == 0 ? b & (1ull << 63) : b);
}

// NaN propagation made explicit (host compilers may commute operands, and
// x86 returns the first operand's NaN): the first NaN operand, quieted.
inline float quietNan(float x) { return asF32(asU32(x) | 0x00400000u); }
inline double quietNan(double x) { return asF64(asU64(x) | 0x0008000000000000ull); }
inline bool isNanBits(float x) { return (asU32(x) & 0x7fffffffu) > 0x7f800000u; }
inline bool isNanBits(double x) { return (asU64(x) & ~(1ull << 63)) > 0x7ff0000000000000ull; }
template <class T> inline T propagateNan(T a, T b, T r) {
  return isNanBits(a) ? quietNan(a) : (isNanBits(b) ? quietNan(b) : r);
}

namespace detail {
inline int hostRound(Round r) {
  switch (r) {
    case Round::PLUS_INF: return FE_UPWARD;
    case Round::MINUS_INF: return FE_DOWNWARD;
    case Round::TO_ZERO: return FE_TOWARDZERO;
    default: return FE_TONEAREST;
  }
}
// Runs f() under rounding mode r. volatile keeps the compiler from folding
// the operation across the fesetround calls.
template <class T, class F>
inline T underRound(Round r, F f) {
  if (r == Round::NEAREST_EVEN) return f();
  int old = std::fegetround();
  std::fesetround(hostRound(r));
  volatile T v = f();
  std::fesetround(old);
  return v;
}
template <class T> inline bool denIn(const FpMode& m);
template <> inline bool denIn<float>(const FpMode& m) { return m.denorm_in32; }
template <> inline bool denIn<double>(const FpMode& m) { return m.denorm_in64; }
template <class T> inline bool denOut(const FpMode& m);
template <> inline bool denOut<float>(const FpMode& m) { return m.denorm_out32; }
template <> inline bool denOut<double>(const FpMode& m) { return m.denorm_out64; }
template <class T> inline Round rnd(const FpMode& m);
template <> inline Round rnd<float>(const FpMode& m) { return m.round32; }
template <> inline Round rnd<double>(const FpMode& m) { return m.round64; }
template <class T> inline T in(const FpMode& m, T x) { return denIn<T>(m) ? x : flushDenorm(x); }
template <class T> inline T out(const FpMode& m, T x) { return denOut<T>(m) ? x : flushDenorm(x); }
}  // namespace detail

#define GCN_FP_BIN(name, expr)                                                \
  template <class T, class = std::enable_if_t<std::is_floating_point_v<T>>>  \
  inline T name(const FpMode& m, T a, T b) {                                  \
    a = detail::in(m, a);                                                     \
    b = detail::in(m, b);                                                     \
    return propagateNan(a, b, detail::out(m, detail::underRound<T>(          \
        detail::rnd<T>(m), [&] { return T(expr); })));                        \
  }
GCN_FP_BIN(fadd, a + b)
GCN_FP_BIN(fsub, a - b)
GCN_FP_BIN(fmul, a * b)
#undef GCN_FP_BIN

template <class T, class = std::enable_if_t<std::is_floating_point_v<T>>>
inline T ffma(const FpMode& m, T a, T b, T c) {
  a = detail::in(m, a), b = detail::in(m, b), c = detail::in(m, c);
  T r = detail::out(m, detail::underRound<T>(detail::rnd<T>(m),
                                             [&] { return T(std::fma(a, b, c)); }));
  return isNanBits(a) || isNanBits(b) ? propagateNan(a, b, r) : propagateNan(c, c, r);
}

// Output modifiers of VOP3: omod (0 none, 1 *2, 2 *4, 3 /2) then clamp to
// [0,1]; with DX10_CLAMP a NaN clamps to 0.
template <class T, class = std::enable_if_t<std::is_floating_point_v<T>>>
inline T applyOmod(T x, int omod) {
  switch (omod) {
    case 1: return x * T(2);
    case 2: return x * T(4);
    case 3: return x * T(0.5);
    default: return x;
  }
}
template <class T, class = std::enable_if_t<std::is_floating_point_v<T>>>
inline T clamp01(const FpMode& m, T x) {
  if (std::isnan(x)) return m.dx10_clamp ? T(0) : x;
  return x < T(0) ? T(0) : (x > T(1) ? T(1) : x);
}

// Lanes versions: the mode is uniform across the wave, so the slow directed
// rounding path switches the host mode once per wave, not per lane. In
// round-to-nearest the result is computed without the NaN rule first: a NaN
// operand always gives a NaN result, so when no lane is NaN the rule had
// nothing to do; otherwise the lanes are recomputed with it (rare).
namespace detail {
template <class T, int N> inline bool anyNan(const Lanes<T, N>& r) {
  bool any = false;
  GCN_LANE_LOOP for (int i = 0; i < N; ++i) any |= r.v[i] != r.v[i];
  return any;
}
}  // namespace detail
#define GCN_FP_LIFT2(name, op)                                                \
  template <class T, int N>                                                   \
  inline Lanes<T, N> name(const FpMode& m, const Lanes<T, N>& a, const Lanes<T, N>& b) { \
    if (detail::rnd<T>(m) != Round::NEAREST_EVEN)                             \
      return mapLanes([&](T x, T y) { return name(m, x, y); }, a, b);          \
    const bool fi = !detail::denIn<T>(m), fo = !detail::denOut<T>(m);          \
    Lanes<T, N> r;                                                            \
    if (!fi && !fo)                                                           \
      r = mapLanes([](T x, T y) { return T(x op y); }, a, b);                 \
    else if (fi && fo)                                                        \
      r = mapLanes([](T x, T y) {                                             \
        return flushDenorm(T(flushDenorm(x) op flushDenorm(y)));              \
      }, a, b);                                                               \
    else                                                                      \
      r = mapLanes([fi, fo](T x, T y) {                                       \
        if (fi) x = flushDenorm(x), y = flushDenorm(y);                       \
        T t = x op y;                                                         \
        return fo ? flushDenorm(t) : t;                                       \
      }, a, b);                                                               \
    if (__builtin_expect(!detail::anyNan(r), 1)) return r;                    \
    return mapLanes([fi, fo](T x, T y) {                                       \
      if (fi) x = flushDenorm(x), y = flushDenorm(y);                          \
      T t = x op y;                                                            \
      return propagateNan(x, y, fo ? flushDenorm(t) : t);                      \
    }, a, b);                                                                  \
  }
GCN_FP_LIFT2(fadd, +) GCN_FP_LIFT2(fsub, -) GCN_FP_LIFT2(fmul, *)
#undef GCN_FP_LIFT2
template <class T, int N>
inline Lanes<T, N> ffma(const FpMode& m, const Lanes<T, N>& a, const Lanes<T, N>& b,
                        const Lanes<T, N>& c) {
  if (detail::rnd<T>(m) == Round::NEAREST_EVEN) {
    const bool fi = !detail::denIn<T>(m), fo = !detail::denOut<T>(m);
    Lanes<T, N> r = mapLanes([fi, fo](T x, T y, T z) {
      if (fi) x = flushDenorm(x), y = flushDenorm(y), z = flushDenorm(z);
      T t = T(std::fma(x, y, z));
      return fo ? flushDenorm(t) : t;
    }, a, b, c);
    if (__builtin_expect(!detail::anyNan(r), 1)) return r;
  }
  return mapLanes([&](T x, T y, T z) { return ffma(m, x, y, z); }, a, b, c);
}
template <class T, int N>
inline Lanes<T, N> applyOmod(const Lanes<T, N>& x, int omod) {
  return mapLanes([omod](T v) { return applyOmod(v, omod); }, x);
}
template <class T, int N>
inline Lanes<T, N> clamp01(const FpMode& m, const Lanes<T, N>& x) {
  return mapLanes([&](T v) { return clamp01(m, v); }, x);
}
// abs/neg input modifiers act on the sign bit (no rounding, NaNs keep payload).
inline float fabsBits(float x) { return asF32(asU32(x) & 0x7fffffffu); }
inline float fnegBits(float x) { return asF32(asU32(x) ^ 0x80000000u); }
inline double fabsBits(double x) { return asF64(asU64(x) & ~(1ull << 63)); }
inline double fnegBits(double x) { return asF64(asU64(x) ^ (1ull << 63)); }
GCN_LIFT1(fabsBits) GCN_LIFT1(fnegBits)

}  // namespace gcn::sem
