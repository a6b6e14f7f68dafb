// The value domain that instruction definitions are written over.
//
// A definition never uses host control flow on a value: it combines values
// with the operators (+ - * & | ^ ~ << >> == != < <= > >=, all UNSIGNED
// unless a helper says otherwise) and the free functions below. Each helper
// exists for the concrete scalar types (uint32_t, uint64_t, bool, float,
// double: the per-lane reference domain and scalar ALU) and, lifted
// element-wise, for Lanes<T> (the whole-wave fast domain). A symbolic domain
// (Z3) provides the same names over its own value types, found by
// argument-dependent lookup; so:
//   * value-dependent choice  -> select(cond, a, b)   (never `if`/`?:`)
//   * signed ops              -> slt/sle/sgt/sge, ashr, sext*, smin/smax
//   * shift counts must be < width (mask them as the spec does: S1 & 31)
//   * widths change only through zext64/sext64/trunc32/lo32/hi32/pack64
//   * floating point through fp.h functions taking the FpMode
#pragma once

#include <cstdint>
#include <cstring>

#include "semantics/domain/lanes.h"

namespace gcn::sem {

// ---- scalar (reference / SALU) domain ------------------------------------
inline uint32_t select(bool c, uint32_t a, uint32_t b) { return c ? a : b; }
inline uint64_t select(bool c, uint64_t a, uint64_t b) { return c ? a : b; }
inline bool select(bool c, bool a, bool b) { return c ? a : b; }
inline float select(bool c, float a, float b) { return c ? a : b; }
inline double select(bool c, double a, double b) { return c ? a : b; }

inline uint64_t zext64(uint32_t x) { return x; }
inline uint64_t sext64(uint32_t x) { return uint64_t(int64_t(int32_t(x))); }
inline uint32_t trunc32(uint64_t x) { return uint32_t(x); }
inline uint32_t lo32(uint64_t x) { return uint32_t(x); }
inline uint32_t hi32(uint64_t x) { return uint32_t(x >> 32); }
inline uint64_t pack64(uint32_t lo, uint32_t hi) { return uint64_t(hi) << 32 | lo; }
inline uint32_t sext8(uint32_t x) { return uint32_t(int32_t(int8_t(x))); }
inline uint32_t sext16(uint32_t x) { return uint32_t(int32_t(int16_t(x))); }
inline uint32_t toU32(bool b) { return b; }
inline uint64_t toU64(bool b) { return b; }

inline bool slt(uint32_t a, uint32_t b) { return int32_t(a) < int32_t(b); }
inline bool sle(uint32_t a, uint32_t b) { return int32_t(a) <= int32_t(b); }
inline bool sgt(uint32_t a, uint32_t b) { return int32_t(a) > int32_t(b); }
inline bool sge(uint32_t a, uint32_t b) { return int32_t(a) >= int32_t(b); }
inline bool slt(uint64_t a, uint64_t b) { return int64_t(a) < int64_t(b); }
inline bool sge(uint64_t a, uint64_t b) { return int64_t(a) >= int64_t(b); }
inline uint32_t smin(uint32_t a, uint32_t b) { return slt(a, b) ? a : b; }
inline uint32_t smax(uint32_t a, uint32_t b) { return sgt(a, b) ? a : b; }
inline uint32_t umin(uint32_t a, uint32_t b) { return a < b ? a : b; }
inline uint32_t umax(uint32_t a, uint32_t b) { return a > b ? a : b; }
// ABS: the most negative value stays itself.
inline uint32_t sabs(uint32_t a) { return int32_t(a) < 0 ? 0u - a : a; }

inline uint32_t ashr(uint32_t x, uint32_t n) { return uint32_t(int32_t(x) >> n); }
inline uint64_t ashr(uint64_t x, uint64_t n) { return uint64_t(int64_t(x) >> n); }
inline uint64_t ashr(uint64_t x, uint32_t n) { return uint64_t(int64_t(x) >> n); }

// Counting: popcount, index of the lowest set bit (-1 if none), number of
// leading zeros from the msb (-1 if none), bit reversal.
inline uint32_t popcount(uint32_t x) { return __builtin_popcount(x); }
inline uint32_t popcount(uint64_t x) { return __builtin_popcountll(x); }
inline uint32_t findLsb(uint32_t x) { return x ? __builtin_ctz(x) : ~0u; }
inline uint32_t findLsb(uint64_t x) { return x ? __builtin_ctzll(x) : ~0u; }
inline uint32_t findMsbFromTop(uint32_t x) { return x ? __builtin_clz(x) : ~0u; }
inline uint32_t findMsbFromTop(uint64_t x) { return x ? __builtin_clzll(x) : ~0u; }
inline uint32_t bitrev(uint32_t x) {
  x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
  x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
  x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
  return __builtin_bswap32(x);
}
inline uint64_t bitrev(uint64_t x) {
  return uint64_t(bitrev(uint32_t(x))) << 32 | bitrev(uint32_t(x >> 32));
}

inline uint32_t mulhiU32(uint32_t a, uint32_t b) { return uint32_t((uint64_t(a) * b) >> 32); }
inline uint32_t mulhiI32(uint32_t a, uint32_t b) {
  return uint32_t(uint64_t(int64_t(int32_t(a)) * int32_t(b)) >> 32);
}

inline float asF32(uint32_t x) { float f; std::memcpy(&f, &x, 4); return f; }
inline uint32_t asU32(float f) { uint32_t x; std::memcpy(&x, &f, 4); return x; }
inline double asF64(uint64_t x) { double f; std::memcpy(&f, &x, 8); return f; }
inline uint64_t asU64(double f) { uint64_t x; std::memcpy(&x, &f, 8); return x; }

// ---- whole-wave domain: every helper lifted to Lanes<T, N> -----------------
// A boolean lane is an all-ones or all-zeros word (LaneBool), so 32-bit
// values select bitwise: one ternary-logic op per vector, where testing the
// word first cost a compare and a blend.
template <class T, int N, class A, class B>
inline Lanes<T, N> selectLanes(const Lanes<bool, N>& c, const A& a, const B& b) {
  Lanes<T, N> r;
  if constexpr (std::is_same_v<T, uint32_t>) {
    GCN_LANE_LOOP for (int i = 0; i < N; ++i)
      r.v[i] = (T(laneAt(a, i)) & c.v[i].m) | (T(laneAt(b, i)) & ~c.v[i].m);
  } else if constexpr (std::is_same_v<T, float>) {
    GCN_LANE_LOOP for (int i = 0; i < N; ++i)
      r.v[i] = asF32((asU32(T(laneAt(a, i))) & c.v[i].m) | (asU32(T(laneAt(b, i))) & ~c.v[i].m));
  } else {
    GCN_LANE_LOOP for (int i = 0; i < N; ++i) r.v[i] = c.v[i] ? T(laneAt(a, i)) : T(laneAt(b, i));
  }
  return r;
}
template <class T, int N>
inline Lanes<T, N> select(const Lanes<bool, N>& c, const Lanes<T, N>& a, const Lanes<T, N>& b) {
  return selectLanes<T, N>(c, a, b);
}
template <class T, int N, class = std::enable_if_t<std::is_arithmetic_v<T>>>
inline Lanes<T, N> select(const Lanes<bool, N>& c, const Lanes<T, N>& a, T b) {
  return selectLanes<T, N>(c, a, b);
}
template <class T, int N, class = std::enable_if_t<std::is_arithmetic_v<T>>>
inline Lanes<T, N> select(const Lanes<bool, N>& c, T a, const Lanes<T, N>& b) {
  return selectLanes<T, N>(c, a, b);
}
template <class T, int N, class = std::enable_if_t<std::is_arithmetic_v<T>>>
inline Lanes<T, N> select(const Lanes<bool, N>& c, T a, T b) {
  return selectLanes<T, N>(c, a, b);
}
// A uniform (scalar) condition choosing between lane values.
template <class T, int N>
inline Lanes<T, N> select(bool c, const Lanes<T, N>& a, const Lanes<T, N>& b) { return c ? a : b; }

#define GCN_LIFT1(f)                                                          \
  template <class T, int N> inline auto f(const Lanes<T, N>& a) {              \
    return mapLanes([](T x) { return f(x); }, a);                              \
  }
#define GCN_LIFT2(f)                                                          \
  template <class T, int N, class U> inline auto f(const Lanes<T, N>& a, const U& b) { \
    return mapLanes([](T x, typename LaneElem<U>::type y) { return f(x, y); }, a, b); \
  }                                                                            \
  template <class T, int N, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>> \
  inline auto f(U a, const Lanes<T, N>& b) {                                    \
    return mapLanes([](U x, T y) { return f(x, y); }, a, b);                   \
  }
// 1 or 0 from an all-ones or all-zeros word: its negation, not a compare
// (x + toU32(b) then compiles to one subtract, no constant).
template <int N> inline Lanes<uint32_t, N> toU32(const Lanes<bool, N>& b) {
  Lanes<uint32_t, N> r;
  GCN_LANE_LOOP for (int i = 0; i < N; ++i) r.v[i] = 0u - b.v[i].m;
  return r;
}
GCN_LIFT1(zext64) GCN_LIFT1(sext64) GCN_LIFT1(trunc32) GCN_LIFT1(lo32)
GCN_LIFT1(hi32) GCN_LIFT1(sext8) GCN_LIFT1(sext16) GCN_LIFT1(toU32)
GCN_LIFT1(toU64) GCN_LIFT1(sabs) GCN_LIFT1(popcount) GCN_LIFT1(findLsb)
GCN_LIFT1(findMsbFromTop) GCN_LIFT1(bitrev) GCN_LIFT1(asF32) GCN_LIFT1(asU32)
GCN_LIFT1(asF64) GCN_LIFT1(asU64)
GCN_LIFT2(pack64) GCN_LIFT2(slt) GCN_LIFT2(sle) GCN_LIFT2(sgt) GCN_LIFT2(sge)
GCN_LIFT2(smin) GCN_LIFT2(smax) GCN_LIFT2(umin) GCN_LIFT2(umax) GCN_LIFT2(ashr)
GCN_LIFT2(mulhiU32) GCN_LIFT2(mulhiI32)

}  // namespace gcn::sem
