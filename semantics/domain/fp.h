// Floating point over the domain, honouring the MODE register.
//
// Every FP operation takes the FpMode of the wave (rounding and denormal
// controls decoded from MODE; see GcnState.md "MODE Register"): inputs are
// flushed when the denorm mode says so, the result is rounded in the mode's
// direction, output denormals are flushed when the mode says so. The fast
// path (round-to-nearest-even) uses host arithmetic; directed rounding runs
// the host operation under fesetround (rare in practice, still exact).
// Add operations here (or in valu_fp*.h) in the same shape:
// a scalar function `T op(const FpMode&, T...)` plus a GCN_FP_LIFT line.
#pragma once

#include <cfenv>
#include <cmath>
#include <cstdint>

#include "semantics/domain/domain.h"
#include "semantics/domain/simd_x86.h"

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
// The mode as the fast path's handler clones see it: the Isa picks the
// clone's intrinsics for the lanes operations below (WaveCtx::mode()).
// `bailed`: an operation of the AVX-512 clone left its shortcut (below) and
// returned no result; the handler then discards the chunk and hands the
// instruction from that chunk on to the baseline clone (valuWaveSlow in
// vector_ctx.h). Not copyable, so a definition cannot set the flag on a copy
// (`const auto& m = d.mode()`); a pointer to the flag instead put the
// handler's state in memory. A call to a general path here instead made
// every FP handler save registers, realign the stack and pass its result
// through memory on every chunk.
template <Isa I> struct FpModeOn : FpMode {
  explicit FpModeOn(const FpMode& m) : FpMode(m) {}
  FpModeOn(const FpModeOn&) = delete;
  FpModeOn& operator=(const FpModeOn&) = delete;
  mutable bool bailed = false;
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
// Runs f(args...) under rounding mode r. The compiler treats arithmetic as
// independent of the rounding mode (no FENV_ACCESS), so it may compute the
// operation before fesetround, or reuse an equal expression computed
// earlier in round-to-nearest: the arguments pass through an empty asm
// after fesetround (so the operation must follow it and sees "new"
// operands), and volatile keeps the result from moving past the restore.
template <class V> inline void fenceFp(V& v) { asm volatile("" : "+m"(v)); }
template <class T, class F, class... A>
inline T underRound(Round r, F f, A... args) {
  if (r == Round::NEAREST_EVEN) return f(args...);
  int old = std::fegetround();
  std::fesetround(hostRound(r));
  (fenceFp(args), ...);
  volatile T v = f(args...);
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
        detail::rnd<T>(m), [](T a, T b) { return T(expr); }, a, b)));         \
  }
GCN_FP_BIN(fadd, a + b)
GCN_FP_BIN(fsub, a - b)
GCN_FP_BIN(fmul, a * b)
#undef GCN_FP_BIN

template <class T, class = std::enable_if_t<std::is_floating_point_v<T>>>
inline T ffma(const FpMode& m, T a, T b, T c) {
  a = detail::in(m, a), b = detail::in(m, b), c = detail::in(m, c);
  T r = detail::out(m, detail::underRound<T>(
                           detail::rnd<T>(m), [](T a, T b, T c) { return T(std::fma(a, b, c)); },
                           a, b, c));
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

// Lanes versions: the result is computed in round-to-nearest without the
// NaN rule first: a NaN operand always gives a NaN result, so when no lane
// is NaN the rule had nothing to do; otherwise, or under directed rounding,
// every lane is recomputed by the exact scalar operation (rare).
namespace detail {
// Integer max of the magnitudes' bit patterns, one compare at the end: a
// lane is NaN iff its magnitude is above infinity's. (A per-lane float
// compare reduced through bools compiled to a scalar loop.) Magnitudes are
// below 2^31 / 2^63, so a signed max (pmaxsd) is exact.
template <class T, int N> inline bool anyNan(const Lanes<T, N>& r) {
  if constexpr (sizeof(T) == 4) {
    int32_t mx = 0;
    GCN_LANE_LOOP for (int i = 0; i < N; ++i) {
      const int32_t b = int32_t(asU32(float(r.v[i])) & 0x7fffffffu);
      mx = b > mx ? b : mx;
    }
    return mx > 0x7f800000;
  } else {
    int64_t mx = 0;
    GCN_LANE_LOOP for (int i = 0; i < N; ++i) {
      const int64_t b = int64_t(asU64(double(r.v[i])) & ~(1ull << 63));
      mx = b > mx ? b : mx;
    }
    return mx > 0x7ff0000000000000ll;
  }
}
// The same test with the clone's compare-to-mask instructions.
template <class T, int N> inline bool anyNanOn(const FpMode&, const Lanes<T, N>& r) {
  return anyNan(r);
}
template <Isa I, class T, int N> inline bool anyNanOn(const FpModeOn<I>&, const Lanes<T, N>& r) {
#if GCN_SEM_X86_CLONES
  if constexpr (N == 16 && I == ISA_AVX512) return simd512::anyClass<0x81>(r);  // QNaN|SNaN
  if constexpr (N == 16 && I == ISA_AVX2 && std::is_same_v<T, float>) return simd256::anyNan(r);
#endif
  return anyNan(r);
}
template <class M> using IfMode = std::enable_if_t<std::is_base_of_v<FpMode, M>>;
// The AVX-512 clone's shortcut for round-to-nearest arithmetic: when no
// input is denormal (or the mode keeps input denormals) the flush of the
// inputs changes nothing, and when no result lane is NaN or (flushed mode)
// denormal, the NaN rule and the output flush change nothing either: the
// host operation alone is the exact result. One fpclass per 16 lanes
// replaces the flushes' three vector ops per operand; any other case bails
// (FpModeOn::bailed). The operation runs first, its result thrown away when
// a test fails; when the mode flushes both inputs and outputs (f32's
// default) the input and result class masks are or'ed in k registers and
// tested once, one branch per chunk.
template <class M, class T, int N> constexpr bool kClassShortcut = false;
#if GCN_SEM_X86_CLONES
template <class T> constexpr bool kClassShortcut<FpModeOn<ISA_AVX512>, T, 16> = true;
template <class T, int N, class... R> inline bool anyDenormOf(const Lanes<T, N>& x, const R&... rest) {
  if constexpr (N == 16) return (simd512::anyClass<0x20>(x) | ... | simd512::anyClass<0x20>(rest));
  return true;
}
// Flush-both modes (f32's default): a denormal input, or a NaN or
// denormal result, as one k-mask test per chunk.
template <class T, int N, class... R>
inline bool anyFlushedOrNan(const Lanes<T, N>& r, const R&... in) {
  if constexpr (N == 16) return simd512::anyClassOr<0xa1, 0x20>(r, in...);
  return true;
}
// NaN results, and denormal ones when the mode flushes them.
template <class T, int N> inline bool anySpecialResult(const Lanes<T, N>& r, bool flush_out) {
  if constexpr (N == 16)
    return flush_out ? simd512::anyClass<0xa1>(r) : simd512::anyClass<0x81>(r);
  return true;
}
#endif
}  // namespace detail
// One lane loop for the default case (round to nearest even, no NaN
// result), written in place into the one result object, and the exact
// scalar operation over every lane when the mode rounds otherwise or a lane
// came out NaN. (Results merged from several loops or returned as different
// objects went through the stack in mismatched pieces: store-forwarding
// stalls on every FP instruction.)
// The AVX-512 clone runs only kClassShortcut: one loop into the one result
// object, then the class tests; when they fail it bails, and the baseline
// clone redoes the chunk with the general loops below. (While a general
// path was called from here, its result and the shortcut's met in memory:
// a store and a reload on every chunk.)
#if GCN_SEM_X86_CLONES
#define GCN_FP_SHORTCUT(fi, fo, expr, ...)                                    \
  if constexpr (detail::kClassShortcut<M, T, N>) {                           \
    Lanes<T, N> q;                                                            \
    GCN_LANE_LOOP for (int i = 0; i < N; ++i) q.v[i] = expr;                 \
    const bool near = detail::rnd<T>(m) == Round::NEAREST_EVEN;               \
    if (__builtin_expect(fi && fo, std::is_same_v<T, float>)) {               \
      if (__builtin_expect(!near || detail::anyFlushedOrNan(q, __VA_ARGS__), 0)) \
        m.bailed = true;                                                      \
    } else if (__builtin_expect(!near || (fi && detail::anyDenormOf(__VA_ARGS__)) || \
                                    detail::anySpecialResult(q, fo), 0)) {    \
      m.bailed = true;                                                        \
    }                                                                         \
    return q;                                                                 \
  }
#else
#define GCN_FP_SHORTCUT(fi, fo, expr, ...)
#endif
#define GCN_FP_LIFT2(name, op)                                                \
  template <class M, class T, int N, class = detail::IfMode<M>>               \
  inline Lanes<T, N> name(const M& m, const Lanes<T, N>& a, const Lanes<T, N>& b) { \
    const bool fi = !detail::denIn<T>(m), fo = !detail::denOut<T>(m);          \
    Lanes<T, N> r;                                                            \
    GCN_FP_SHORTCUT(fi, fo, a.v[i] op b.v[i], a, b)                           \
    GCN_LANE_LOOP for (int i = 0; i < N; ++i) {                               \
      const T x = fi ? flushDenorm(a.v[i]) : a.v[i];                          \
      const T y = fi ? flushDenorm(b.v[i]) : b.v[i];                          \
      const T t = x op y;                                                     \
      r.v[i] = fo ? flushDenorm(t) : t;                                       \
    }                                                                         \
    if (__builtin_expect(detail::rnd<T>(m) != Round::NEAREST_EVEN || detail::anyNanOn(m, r), 0)) \
      for (int i = 0; i < N; ++i) r.v[i] = name(m, a.v[i], b.v[i]);          \
    return r;                                                                 \
  }
GCN_FP_LIFT2(fadd, +) GCN_FP_LIFT2(fsub, -) GCN_FP_LIFT2(fmul, *)
#undef GCN_FP_LIFT2
template <class M, class T, int N, class = detail::IfMode<M>>
inline Lanes<T, N> ffma(const M& m, const Lanes<T, N>& a, const Lanes<T, N>& b,
                        const Lanes<T, N>& c) {
  const bool fi = !detail::denIn<T>(m), fo = !detail::denOut<T>(m);
  Lanes<T, N> r;
  GCN_FP_SHORTCUT(fi, fo, T(std::fma(a.v[i], b.v[i], c.v[i])), a, b, c)
  GCN_LANE_LOOP for (int i = 0; i < N; ++i) {
    const T x = fi ? flushDenorm(a.v[i]) : a.v[i];
    const T y = fi ? flushDenorm(b.v[i]) : b.v[i];
    const T z = fi ? flushDenorm(c.v[i]) : c.v[i];
    const T t = T(std::fma(x, y, z));
    r.v[i] = fo ? flushDenorm(t) : t;
  }
  if (__builtin_expect(detail::rnd<T>(m) != Round::NEAREST_EVEN || detail::anyNanOn(m, r), 0))
    for (int i = 0; i < N; ++i) r.v[i] = ffma(m, a.v[i], b.v[i], c.v[i]);
  return r;
}
#undef GCN_FP_SHORTCUT
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
