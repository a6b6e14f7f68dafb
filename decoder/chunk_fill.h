// The AVX-512 fill shared by the plan path and the quick records: the Inst
// as kInstChunks vector programs (VecChunk). vpmultishiftqb rotates the word
// into every field's lane at once, a mask and an add finish it, one store
// per 64 bytes. Internal to the decoder.
#pragma once

#include <cstddef>
#include <cstdint>

#include "decoder/decode_plan_types.h"

namespace gcn {

// Fields whose bits lie in two places of the word, one bit apart in the
// value (SDWA/DPP's per-source NEG, ABS, SEXT; VOP3P's OP_SEL_HI and its
// third bit): their lanes are byte 0 + pairWeight(f) * byte 1 (vpmaddubsw
// after the mask), so a program can put the second place in byte 1 where
// a byte can hold only one run of word bits. Every other program keeps
// these lanes' bits in byte 0 (decode_plan_build.cc's vectorize checks).
// 0: not a pair lane.
constexpr int pairWeight(Fld f) {
  switch (f) {
    case Fld::NEG: case Fld::ABS: case Fld::SEXT: return 2;
    case Fld::OP_SEL_HI: return 4;
    default: return 0;
  }
}
constexpr size_t kPairF0 = offsetof(Inst, f) / 4;  // the lane of f[0]
constexpr int kPairChunk = int((kPairF0 + size_t(Fld::NEG)) / 16);
static_assert((kPairF0 + size_t(Fld::ABS)) / 16 == size_t(kPairChunk) &&
                  (kPairF0 + size_t(Fld::SEXT)) / 16 == size_t(kPairChunk) &&
                  (kPairF0 + size_t(Fld::OP_SEL_HI)) / 16 == size_t(kPairChunk),
              "the pair lanes share one chunk");

// The multipliers (1, weight, 0, 0 per pair lane) and the lane mask.
struct PairLanes {
  alignas(64) int8_t mul[64] = {};
  uint16_t lanes = 0;
  constexpr PairLanes() {
    for (int f = 0; f < kNumFlds; ++f) {
      const size_t lane = kPairF0 + size_t(f);
      if (!pairWeight(Fld(f)) || lane / 16 != size_t(kPairChunk)) continue;
      mul[4 * (lane % 16)] = 1;
      mul[4 * (lane % 16) + 1] = int8_t(pairWeight(Fld(f)));
      lanes = uint16_t(lanes | 1u << (lane % 16));
    }
  }
};
inline constexpr PairLanes kPairLanes{};

}  // namespace gcn

#if defined(__x86_64__)
#include <immintrin.h>

namespace gcn {

// Inlined only into functions built for (at least) these features.
// Chunk k is at chunks + at[k] * kUnit bytes: the plans index VecChunks
// (kUnit = sizeof(VecChunk)), the quick records hold 8-byte offsets (one
// scaled load instead of a multiply by 192 per chunk).
// kConstLast: the last chunk is a constant (the quick records': its add).
template <size_t kUnit = sizeof(VecChunk), bool kConstLast = false>
__attribute__((target("avx512f,avx512bw,avx512vbmi"), always_inline)) inline void fillChunks(
    const VecChunk* chunks, const uint16_t* at, uint64_t w, Inst* out) {
  static_assert(kUnit % 8 == 0 && sizeof(VecChunk) % kUnit == 0, "chunks stay 64-byte aligned");
  const __m512i word = _mm512_set1_epi64(int64_t(w));
  const __mmask64 all = ~__mmask64(0);  // (maskz: GCC 12 warns on the unmasked form)
  char* dst = reinterpret_cast<char*>(out);
#pragma GCC unroll 8
  for (int k = 0; k < kInstChunks; ++k) {
    const VecChunk& c = *reinterpret_cast<const VecChunk*>(
        reinterpret_cast<const char*>(chunks) + size_t(at[k]) * kUnit);
    if (kConstLast && k + 1 == kInstChunks) {
      static_assert(sizeof(Inst) % 64 == 0, "the constant chunk is stored whole");
      _mm512_storeu_si512(dst + 64 * k, _mm512_load_si512(c.add));
      break;
    }
    __m512i v = _mm512_maskz_multishift_epi64_epi8(all, _mm512_load_si512(c.ctrl), word);
    v = _mm512_and_si512(v, _mm512_load_si512(c.mask));
    if (k == kPairChunk)
      v = _mm512_mask_mov_epi32(
          v, kPairLanes.lanes,
          _mm512_maddubs_epi16(v, _mm512_load_si512(kPairLanes.mul)));
    v = _mm512_add_epi32(v, _mm512_load_si512(c.add));
    if (k + 1 < kInstChunks || sizeof(Inst) % 64 == 0)
      _mm512_storeu_si512(dst + 64 * k, v);
    else
      _mm512_mask_storeu_epi32(dst + 64 * k, __mmask16((1u << (sizeof(Inst) % 64 / 4)) - 1), v);
  }
}

}  // namespace gcn

#endif
