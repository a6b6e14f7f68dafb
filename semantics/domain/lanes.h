// Lanes<T, N>: one value per lane of N consecutive lanes of a 64-lane wave,
// the value type of the fast (whole-wave) domain. The fast path runs a
// definition over 16-lane chunks (Lanes<T, 16>: one to four vector
// registers), so intermediates stay in registers instead of 256-byte stack
// arrays; DPP rows, whose source lanes cross chunks, run at N = 64.
// Element-wise operators are plain loops over a flat, aligned array so the
// compiler vectorises them; nothing allocates.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Target clones of the fast VALU handlers (vector_ctx.h): GCC/Clang on x86-64 only.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GCN_SEM_X86_CLONES 1
#else
#define GCN_SEM_X86_CLONES 0
#endif
// The AVX-512 clones' target: 512-bit vectors preferred (GCC's x86-64-v4
// default is 256), so a 16-lane chunk of dwords is one zmm register.
#if defined(__clang__)
#define GCN_AVX512_TARGET \
  target("avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,popcnt,bmi,bmi2"), min_vector_width(512)
#else
#define GCN_AVX512_TARGET target("arch=x86-64-v4,prefer-vector-width=512")
#endif

namespace gcn::sem {

constexpr int kLanes = 64;
// The instruction set a fast handler clone is compiled for: its context
// picks the lane primitives written with that set's intrinsics (simd_x86.h).
enum Isa : uint8_t { ISA_BASE, ISA_AVX2, ISA_AVX512 };

// Before every loop over the lanes of a chunk: GCC would otherwise unroll a
// 16-trip loop completely before its loop vectoriser runs, and the
// straight-line code left is vectorised poorly (bool lanes especially).
#if defined(__clang__)
#define GCN_LANE_LOOP _Pragma("clang loop unroll(disable)")
#elif defined(__GNUC__)
#define GCN_LANE_LOOP _Pragma("GCC unroll 1")
#else
#define GCN_LANE_LOOP
#endif

// A boolean lane as a 32-bit word, all ones or all zeros: 32-bit compares
// produce it as is, select uses it as a blend mask, and it packs to a lane
// mask with movmskps. (As a byte, every compare of 32-bit values packed its
// result down to bytes and every use widened it back.)
struct LaneBool {
  uint32_t m;
  LaneBool() = default;
  LaneBool(bool b) : m(0u - uint32_t(b)) {}
  operator bool() const { return m != 0; }
};
template <class T> struct LaneStore { using type = T; };
template <> struct LaneStore<bool> { using type = LaneBool; };

template <class T, int N = kLanes>
struct alignas(sizeof(typename LaneStore<T>::type) * N >= 64
                   ? 64
                   : sizeof(typename LaneStore<T>::type) * N) Lanes {
  using Elem = typename LaneStore<T>::type;
  static constexpr int kWidth = N;
  Elem v[N];
  // Copies as a lane loop: the vectoriser turns it into full-width vector
  // moves, where GCC's aggregate copy moves 16-byte pieces that the next
  // 32/64-byte load cannot forward from (a store-forwarding stall on every
  // value passed or returned by copy).
  Lanes() = default;
  Lanes(const Lanes& o) { GCN_LANE_LOOP for (int i = 0; i < N; ++i) v[i] = o.v[i]; }
  Lanes& operator=(const Lanes& o) {
    GCN_LANE_LOOP for (int i = 0; i < N; ++i) v[i] = o.v[i];
    return *this;
  }
  Elem& operator[](int i) { return v[i]; }
  const Elem& operator[](int i) const { return v[i]; }
  static Lanes splat(T x) {
    Lanes r;
    GCN_LANE_LOOP for (int i = 0; i < N; ++i) r.v[i] = x;
    return r;
  }
};

template <class T> struct IsLanes : std::false_type {};
template <class T, int N> struct IsLanes<Lanes<T, N>> : std::true_type {};
template <class T> struct LaneElem { using type = T; };
template <class T, int N> struct LaneElem<Lanes<T, N>> { using type = T; };
// Width of the first Lanes among A... (the others are scalars or the same width).
template <class... A> struct LanesWidth;
template <> struct LanesWidth<> { static constexpr int value = kLanes; };
template <class X, class... A> struct LanesWidth<X, A...> {
  static constexpr int value = LanesWidth<A...>::value;
};
template <class T, int N, class... A> struct LanesWidth<Lanes<T, N>, A...> {
  static constexpr int value = N;
};

// Lifts a scalar function of N arguments to lanes; scalar arguments are
// broadcast. Used by domain.h to give every scalar helper a lanes twin.
template <class X> inline const auto& laneAt(const X& x, int) { return x; }
template <class T, int N> inline T laneAt(const Lanes<T, N>& x, int i) { return T(x.v[i]); }

template <class F, class... A>
inline auto mapLanes(F f, const A&... a) {
  constexpr int N = LanesWidth<A...>::value;
  using R = decltype(f(laneAt(a, 0)...));
  Lanes<R, N> r;
  GCN_LANE_LOOP for (int i = 0; i < N; ++i) r.v[i] = f(laneAt(a, i)...);
  return r;
}

#define GCN_LANES_BINOP(op)                                                   \
  template <class T, class U, int N>                                          \
  inline auto operator op(const Lanes<T, N>& a, const Lanes<U, N>& b) {       \
    return mapLanes([](T x, U y) { return x op y; }, a, b);                   \
  }                                                                           \
  template <class T, int N, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>> \
  inline auto operator op(const Lanes<T, N>& a, U b) {                        \
    return mapLanes([b](T x) { return x op T(b); }, a);                       \
  }                                                                           \
  template <class T, int N, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>> \
  inline auto operator op(U a, const Lanes<T, N>& b) {                        \
    return mapLanes([a](T y) { return T(a) op y; }, b);                       \
  }
GCN_LANES_BINOP(+) GCN_LANES_BINOP(-) GCN_LANES_BINOP(*) GCN_LANES_BINOP(/)
GCN_LANES_BINOP(&) GCN_LANES_BINOP(|) GCN_LANES_BINOP(^)
GCN_LANES_BINOP(<<) GCN_LANES_BINOP(>>)
GCN_LANES_BINOP(==) GCN_LANES_BINOP(!=) GCN_LANES_BINOP(<) GCN_LANES_BINOP(<=)
GCN_LANES_BINOP(>) GCN_LANES_BINOP(>=)
#undef GCN_LANES_BINOP

template <class T, int N>
inline Lanes<T, N> operator~(const Lanes<T, N>& a) {
  return mapLanes([](T x) { return T(~x); }, a);
}
template <class T, int N>
inline Lanes<T, N> operator-(const Lanes<T, N>& a) {
  return mapLanes([](T x) { return T(-x); }, a);
}
// Boolean lanes combine with & | ^ (never && ||: no short-circuit on lanes),
// as word operations on the all-ones / all-zeros masks.
#define GCN_LANES_BOOLOP(op)                                                  \
  template <int N>                                                            \
  inline Lanes<bool, N> operator op(const Lanes<bool, N>& a, const Lanes<bool, N>& b) { \
    Lanes<bool, N> r;                                                         \
    GCN_LANE_LOOP for (int i = 0; i < N; ++i) r.v[i].m = a.v[i].m op b.v[i].m; \
    return r;                                                                 \
  }
GCN_LANES_BOOLOP(&) GCN_LANES_BOOLOP(|) GCN_LANES_BOOLOP(^)
#undef GCN_LANES_BOOLOP
template <int N>
inline Lanes<bool, N> operator!(const Lanes<bool, N>& a) {
  Lanes<bool, N> r;
  GCN_LANE_LOOP for (int i = 0; i < N; ++i) r.v[i].m = ~a.v[i].m;
  return r;
}

// The low N bits of a lane mask as a boolean per lane, and back. These run
// on every VOPC / carry / cndmask: lane i's word is bit i of the mask
// broadcast and tested (a vector and + compare), and words pack with SSE
// movmskps (portable fallback otherwise).
template <int N = kLanes>
inline Lanes<bool, N> maskToLanes(uint64_t m) {
  Lanes<bool, N> r;
  constexpr int H = N < 32 ? N : 32;
  for (int h = 0; h < N; h += H) {
    const uint32_t w = uint32_t(m >> h);
    GCN_LANE_LOOP for (int i = 0; i < H; ++i) r.v[h + i].m = 0u - ((w >> i) & 1u);
  }
  return r;
}
template <int N>
inline uint64_t lanesToMask(const Lanes<bool, N>& b) {
#if defined(__SSE2__)
  if constexpr (N % 4 == 0) {
    uint64_t m = 0;
    for (int i = 0; i < N / 4; ++i) {
      const __m128 x = _mm_load_ps(reinterpret_cast<const float*>(&b.v[4 * i]));
      m |= uint64_t(uint32_t(_mm_movemask_ps(x))) << (4 * i);
    }
    return m;
  }
#endif
  uint64_t m = 0;
  for (int i = 0; i < N; ++i) m |= uint64_t(b.v[i].m & 1u) << i;
  return m;
}

// Writes src into dst[0..N) in the lanes whose bit is set in mask (bit i =
// lane i of the chunk).
// kMemcpy: a full store as memcpy (the baseline clone: see WaveCtx::load).
template <bool kMemcpy = false, class T, int N>
inline void maskedStore(T* dst, const Lanes<T, N>& src, uint64_t mask) {
  constexpr uint64_t all = N >= 64 ? ~0ull : (1ull << N) - 1;
  if ((mask & all) == all) {
    if constexpr (kMemcpy) std::memcpy(dst, src.v, sizeof src.v);
    else GCN_LANE_LOOP for (int i = 0; i < N; ++i) dst[i] = src.v[i];
    return;
  }
  GCN_LANE_LOOP for (int i = 0; i < N; ++i)
    dst[i] = ((mask >> i) & 1) ? src.v[i] : dst[i];
}

}  // namespace gcn::sem
