// The quick path of the plan fast path (internal to the decoder): the
// records of decode_plan_types.h's QuickRec, run by one AVX-512 function.
// Gain over the plan path alone: 1.3x on the gfx900 bench stream (29-31 ->
// 39.7-40.1 M instructions/s) where measured on an AVX-512 VBMI host;
// gcnref bench measures it end to end (GCN_DECODE_NO_QUICK) on such a host
// and says "not measured" elsewhere.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "decoder/decode_plan_types.h"

namespace gcn {

// Whether quickDecode may run here (AVX-512 F/BW/VL/VBMI and BMI2, and
// GCN_DECODE_NO_QUICK and GCN_DECODE_NO_AVX512 unset).
bool quickAvailable();

// Decodes the instruction at bytes (8 bytes readable) as the plan path
// would: the size when it takes the word, 0 when the plan path would send
// it to the full path, -1 when the record leaves the word to the plan path.
int quickDecode(const GenPlans& gp, uint32_t features, const uint8_t* bytes, Inst* out);

namespace detail {
// decode()'s fast path where quickAvailable(): the quick records; what
// they leave to the plan path returns kPlanPath (decodeWithPlanSize then
// runs planPathEntry, decoder.h).
unsigned quickEntry(const Target& t, const uint8_t* bytes, size_t len, Inst* out);
}  // namespace detail

// What buildQuick makes (owned by the generation's plan store).
struct QuickStore {
  std::vector<QuickRec> recs;
  std::vector<QuickOp> ops;
  std::vector<VecChunk> chunks;
  std::vector<std::array<uint64_t, 8>> sets;
};

// Fills gp's quick_* fields from its finished plans. `nsets`/`nchunks`:
// how many sets and VecChunks gp.sets/gp.vchunks hold. Leaves gp.quick
// null when the generation's plans do not fit the records' assumptions.
void buildQuick(GenPlans* gp, size_t nsets, size_t nchunks, QuickStore* store);

}  // namespace gcn
