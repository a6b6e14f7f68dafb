// Lane primitives of the fast VALU handler clones (vector_ctx.h) written
// with x86 intrinsics, where the plain loops of lanes.h / fp.h compile to
// poor code: packing boolean lanes into a mask, masked stores under EXEC,
// and the "any lane NaN" test after FP arithmetic (a horizontal max chain
// as a loop; one compare into a k-mask / movmsk here).
//
// Isa is a template parameter of the handler's context, so each clone picks
// its primitives at compile time and the baseline clone keeps the portable
// loops. The functions carry the same target as the clone they serve and are
// plain `inline` (not always_inline): the flattened handler inlines them,
// and nothing compiled for the baseline target ever calls them.
#pragma once

#include <cstdint>

#include "semantics/domain/lanes.h"

#if GCN_SEM_X86_CLONES
#include <immintrin.h>
#endif

namespace gcn::sem {

#if GCN_SEM_X86_CLONES
#define GCN_AVX2_TARGET target("avx2,fma,popcnt")
namespace simd512 {
// 16 boolean lanes (all-ones words) -> bits.
__attribute__((GCN_AVX512_TARGET)) inline uint64_t packMask(const Lanes<bool, 16>& b) {
  return uint16_t(_mm512_movepi32_mask(_mm512_load_si512(b.v)));
}
__attribute__((GCN_AVX512_TARGET)) inline Lanes<bool, 16> unpackMask(uint64_t m) {
  Lanes<bool, 16> r;
  _mm512_store_si512(r.v, _mm512_movm_epi32(__mmask16(m)));
  return r;
}
__attribute__((GCN_AVX512_TARGET)) inline void maskedStore(uint32_t* dst, const Lanes<uint32_t, 16>& v,
                                                          uint64_t mask) {
  _mm512_mask_storeu_epi32(dst, __mmask16(mask), _mm512_load_si512(v.v));
}
// Does any lane fall in the fpclass categories IMM (vfpclassps/pd bits:
// 0x01 QNaN, 0x80 SNaN, 0x20 denormal)? One instruction per 16 lanes.
template <int IMM> __attribute__((GCN_AVX512_TARGET)) inline bool anyClass(const Lanes<float, 16>& r) {
  return _mm512_fpclass_ps_mask(_mm512_load_ps(r.v), IMM) != 0;
}
template <int IMM> __attribute__((GCN_AVX512_TARGET)) inline bool anyClass(const Lanes<double, 16>& r) {
  return (_mm512_fpclass_pd_mask(_mm512_load_pd(r.v), IMM) |
          _mm512_fpclass_pd_mask(_mm512_load_pd(r.v + 8), IMM)) != 0;
}
// Does r have a lane in categories IMM_R, or any of `in` one in IMM_IN?
// The masks are or'ed in k registers and tested once (kortest).
template <int IMM_R, int IMM_IN, class... R>
__attribute__((GCN_AVX512_TARGET)) inline bool anyClassOr(const Lanes<float, 16>& r, const R&... in) {
  __mmask16 k = _mm512_fpclass_ps_mask(_mm512_load_ps(r.v), IMM_R);
  ((k = _kor_mask16(k, _mm512_fpclass_ps_mask(_mm512_load_ps(in.v), IMM_IN))), ...);
  return !_kortestz_mask16_u8(k, k);
}
template <int IMM_R, int IMM_IN, class... R>
__attribute__((GCN_AVX512_TARGET)) inline bool anyClassOr(const Lanes<double, 16>& r, const R&... in) {
  __mmask8 k = _kor_mask8(_mm512_fpclass_pd_mask(_mm512_load_pd(r.v), IMM_R),
                          _mm512_fpclass_pd_mask(_mm512_load_pd(r.v + 8), IMM_R));
  ((k = _kor_mask8(k, _kor_mask8(_mm512_fpclass_pd_mask(_mm512_load_pd(in.v), IMM_IN),
                                 _mm512_fpclass_pd_mask(_mm512_load_pd(in.v + 8), IMM_IN)))), ...);
  return !_kortestz_mask8_u8(k, k);
}
}  // namespace simd512
namespace simd256 {
__attribute__((GCN_AVX2_TARGET)) inline uint64_t packMask(const Lanes<bool, 16>& b) {
  const __m256 lo = _mm256_load_ps(reinterpret_cast<const float*>(b.v));
  const __m256 hi = _mm256_load_ps(reinterpret_cast<const float*>(b.v + 8));
  return uint64_t(uint32_t(_mm256_movemask_ps(lo) | _mm256_movemask_ps(hi) << 8));
}
__attribute__((GCN_AVX2_TARGET)) inline bool anyNan(const Lanes<float, 16>& r) {
  // Unordered: lane i of x or of y is NaN.
  const __m256 x = _mm256_load_ps(r.v), y = _mm256_load_ps(r.v + 8);
  return _mm256_movemask_ps(_mm256_cmp_ps(x, y, _CMP_UNORD_Q)) != 0;
}
}  // namespace simd256
#endif

// The portable loops, or the clone's intrinsics where it has them.
template <Isa I, int N> inline uint64_t packMask(const Lanes<bool, N>& b) {
#if GCN_SEM_X86_CLONES
  if constexpr (N == 16 && I == ISA_AVX512) return simd512::packMask(b);
  if constexpr (N == 16 && I == ISA_AVX2) return simd256::packMask(b);
#endif
  return lanesToMask(b);
}
template <Isa I, int N> inline Lanes<bool, N> unpackMask(uint64_t m) {
#if GCN_SEM_X86_CLONES
  if constexpr (N == 16 && I == ISA_AVX512) return simd512::unpackMask(m);
#endif
  return maskToLanes<N>(m);
}
template <Isa I, class T, int N> inline void storeLanes(T* dst, const Lanes<T, N>& v, uint64_t mask) {
#if GCN_SEM_X86_CLONES
  if constexpr (N == 16 && I == ISA_AVX512 && std::is_same_v<T, uint32_t>) {
    simd512::maskedStore(dst, v, mask);
    return;
  }
#endif
  maskedStore<I == ISA_BASE>(dst, v, mask);
}
}  // namespace gcn::sem
