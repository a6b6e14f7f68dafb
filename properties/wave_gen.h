// RapidCheck generators for the state of one wave: SGPRs, per-lane VGPRs,
// EXEC (all-zero, all-ones and sparse patterns weighted up), VCC, SCC, M0
// and MODE (rounding and denormal variants).
//
// The registers laws name explicitly (v0..v{kExplicitVgprs-1},
// s0..s{kExplicitSgprs-1}) are generated value by value, so a failure
// shrinks to the words that matter; every other register is filled from
// `fill_seed` (so instructions drawn from the whole operand space read
// varied data too) and that seed shrinks to 0 like any other value.
#pragma once

#include <rapidcheck.h>

#include <array>
#include <cstdint>
#include <ostream>
#include <vector>

#include "isa/gen.h"
#include "semantics/emulator/wave_state.h"

namespace gcn::props {

constexpr int kExplicitVgprs = 12;
constexpr int kExplicitSgprs = 16;

struct WaveInit {
  uint64_t fill_seed = 0;
  std::vector<std::vector<uint32_t>> vgpr;  // [reg][lane], kExplicitVgprs x 64
  std::vector<uint32_t> sgpr;               // s0..s{kExplicitSgprs-1}
  uint64_t exec = ~0ull;
  uint64_t vcc = 0;
  bool scc = false;
  uint32_t m0 = 0;
  uint32_t mode = 0;  // the MODE register (low 10 bits: round, denorm, dx10, ieee)
};

// Resets `w` for generation `g` and loads `init` into it.
void applyWaveInit(const WaveInit& init, Gen g, sem::WaveState& w);

// Register words: edge integers, small counts, f32/f16/f64-half specials
// (±0, ±inf, quiet/signalling NaNs with payloads, denormals), 24-bit
// values, and uniform words.
rc::Gen<uint32_t> genWord();
// EXEC / lane masks: all ones, all zero, one lane, one row/half, alternate
// lanes, one lane per quad, sparse and dense random masks, uniform.
rc::Gen<uint64_t> genLaneMask();
// MODE: every FP_ROUND (f32 and f64/f16) and FP_DENORM combination, DX10_CLAMP
// and IEEE on or off.
rc::Gen<uint32_t> genMode();
rc::Gen<WaveInit> genWaveInit();

}  // namespace gcn::props

namespace rc {
template <>
struct Arbitrary<gcn::props::WaveInit> {
  static Gen<gcn::props::WaveInit> arbitrary() { return gcn::props::genWaveInit(); }
};
}  // namespace rc

namespace gcn::props {
// RapidCheck prints counterexamples with this: the scalar state, MODE
// decoded, and the explicit VGPRs (uniform rows printed once).
std::ostream& operator<<(std::ostream& os, const WaveInit& w);
}  // namespace gcn::props
