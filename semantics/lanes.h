// Lanes<T>: one value per lane of a 64-lane wave, the value type of the fast
// (whole-wave) domain. Element-wise operators are plain loops over a flat,
// aligned array so the compiler vectorises them; nothing allocates.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gcn::sem {

constexpr int kLanes = 64;

template <class T>
struct alignas(64) Lanes {
  T v[kLanes];
  T& operator[](int i) { return v[i]; }
  const T& operator[](int i) const { return v[i]; }
  static Lanes splat(T x) {
    Lanes r;
    for (int i = 0; i < kLanes; ++i) r.v[i] = x;
    return r;
  }
};

template <class T> struct IsLanes : std::false_type {};
template <class T> struct IsLanes<Lanes<T>> : std::true_type {};
template <class T> struct LaneElem { using type = T; };
template <class T> struct LaneElem<Lanes<T>> { using type = T; };

// Lifts a scalar function of N arguments to lanes; scalar arguments are
// broadcast. Used by domain.h to give every scalar helper a lanes twin.
template <class X> inline const auto& laneAt(const X& x, int) { return x; }
template <class T> inline const T& laneAt(const Lanes<T>& x, int i) { return x.v[i]; }

template <class F, class... A>
inline auto mapLanes(F f, const A&... a) {
  using R = decltype(f(laneAt(a, 0)...));
  Lanes<R> r;
  for (int i = 0; i < kLanes; ++i) r.v[i] = f(laneAt(a, i)...);
  return r;
}

#define GCN_LANES_BINOP(op)                                                   \
  template <class T, class U>                                                 \
  inline auto operator op(const Lanes<T>& a, const Lanes<U>& b) {             \
    return mapLanes([](T x, U y) { return x op y; }, a, b);                   \
  }                                                                           \
  template <class T, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>> \
  inline auto operator op(const Lanes<T>& a, U b) {                           \
    return mapLanes([b](T x) { return x op T(b); }, a);                       \
  }                                                                           \
  template <class T, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>> \
  inline auto operator op(U a, const Lanes<T>& b) {                           \
    return mapLanes([a](T y) { return T(a) op y; }, b);                       \
  }
GCN_LANES_BINOP(+) GCN_LANES_BINOP(-) GCN_LANES_BINOP(*) GCN_LANES_BINOP(/)
GCN_LANES_BINOP(&) GCN_LANES_BINOP(|) GCN_LANES_BINOP(^)
GCN_LANES_BINOP(<<) GCN_LANES_BINOP(>>)
GCN_LANES_BINOP(==) GCN_LANES_BINOP(!=) GCN_LANES_BINOP(<) GCN_LANES_BINOP(<=)
GCN_LANES_BINOP(>) GCN_LANES_BINOP(>=)
#undef GCN_LANES_BINOP

template <class T>
inline Lanes<T> operator~(const Lanes<T>& a) {
  return mapLanes([](T x) { return T(~x); }, a);
}
template <class T>
inline Lanes<T> operator-(const Lanes<T>& a) {
  return mapLanes([](T x) { return T(-x); }, a);
}
inline Lanes<bool> operator!(const Lanes<bool>& a) {
  return mapLanes([](bool x) { return !x; }, a);
}
// Boolean lanes combine with & | ^ (never && ||: no short-circuit on lanes).
inline Lanes<bool> operator&(const Lanes<bool>& a, const Lanes<bool>& b) {
  return mapLanes([](bool x, bool y) -> bool { return x & y; }, a, b);
}
inline Lanes<bool> operator|(const Lanes<bool>& a, const Lanes<bool>& b) {
  return mapLanes([](bool x, bool y) -> bool { return x | y; }, a, b);
}
inline Lanes<bool> operator^(const Lanes<bool>& a, const Lanes<bool>& b) {
  return mapLanes([](bool x, bool y) -> bool { return x ^ y; }, a, b);
}

// Bit i of a 64-bit lane mask as a boolean per lane, and back. These run on
// every VOPC / carry / cndmask, so they avoid a 64-step bit loop: a byte of
// mask expands through a 256-entry table of eight bools, and bools pack with
// SSE2 movemask (portable fallback otherwise).
namespace detail {
struct ByteToBools {
  uint64_t t[256];
  constexpr ByteToBools() : t() {
    for (int b = 0; b < 256; ++b) {
      uint64_t x = 0;
      for (int i = 0; i < 8; ++i) x |= uint64_t((b >> i) & 1) << (8 * i);
      t[b] = x;
    }
  }
};
inline constexpr ByteToBools kByteToBools{};
}  // namespace detail
inline Lanes<bool> maskToLanes(uint64_t m) {
  static_assert(sizeof(bool) == 1, "bool lanes are bytes");
  Lanes<bool> r;
  for (int i = 0; i < 8; ++i) {
    const uint64_t x = detail::kByteToBools.t[(m >> (8 * i)) & 0xff];
    std::memcpy(&r.v[8 * i], &x, 8);
  }
  return r;
}
inline uint64_t lanesToMask(const Lanes<bool>& b) {
#if defined(__SSE2__)
  uint64_t m = 0;
  for (int i = 0; i < 4; ++i) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&b.v[16 * i]));
    x = _mm_cmpgt_epi8(x, _mm_setzero_si128());
    m |= uint64_t(uint32_t(_mm_movemask_epi8(x))) << (16 * i);
  }
  return m;
#else
  uint64_t m = 0;
  for (int i = 0; i < kLanes; ++i) m |= uint64_t(b.v[i]) << i;
  return m;
#endif
}

// Writes src into dst in the lanes whose bit is set in mask.
template <class T>
inline void maskedStore(T* dst, const Lanes<T>& src, uint64_t mask) {
  if (mask == ~0ull) {
    for (int i = 0; i < kLanes; ++i) dst[i] = src.v[i];
    return;
  }
  for (int i = 0; i < kLanes; ++i)
    dst[i] = ((mask >> i) & 1) ? src.v[i] : dst[i];
}

}  // namespace gcn::sem
