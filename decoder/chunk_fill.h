// The AVX-512 fill shared by the plan path and the quick records: the Inst
// as kInstChunks vector programs (VecChunk). vpmultishiftqb rotates the word
// into every field's lane at once, a mask and an add finish it, one store
// per 64 bytes. Internal to the decoder.
#pragma once

#include <cstdint>

#include "decoder/decode_plan_types.h"

#if defined(__x86_64__)
#include <immintrin.h>

namespace gcn {

// Inlined only into functions built for (at least) these features.
__attribute__((target("avx512f,avx512bw,avx512vbmi"), always_inline)) inline void fillChunks(
    const VecChunk* chunks, const uint16_t* idx, uint64_t w, Inst* out) {
  const __m512i word = _mm512_set1_epi64(int64_t(w));
  const __mmask64 all = ~__mmask64(0);  // (maskz: GCC 12 warns on the unmasked form)
  char* dst = reinterpret_cast<char*>(out);
#pragma GCC unroll 8
  for (int k = 0; k < kInstChunks; ++k) {
    const VecChunk& c = chunks[idx[k]];
    __m512i v = _mm512_maskz_multishift_epi64_epi8(all, _mm512_load_si512(c.ctrl), word);
    v = _mm512_add_epi32(_mm512_and_si512(v, _mm512_load_si512(c.mask)),
                         _mm512_load_si512(c.add));
    if (k + 1 < kInstChunks || sizeof(Inst) % 64 == 0)
      _mm512_storeu_si512(dst + 64 * k, v);
    else
      _mm512_mask_storeu_epi32(dst + 64 * k, __mmask16((1u << (sizeof(Inst) % 64 / 4)) - 1), v);
  }
}

}  // namespace gcn

#endif
