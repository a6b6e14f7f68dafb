// Generations and processors of the GCN family covered by gcnref.
#pragma once

#include <cstdint>
#include <string_view>

namespace gcn {

enum class Gen : uint8_t { GFX6 = 0, GFX7 = 1, GFX8 = 2, GFX9 = 3 };
constexpr int kNumGens = 4;

// Bit set of generations, used by table rows.
using GenMask = uint8_t;
constexpr GenMask kGfx6 = 1, kGfx7 = 2, kGfx8 = 4, kGfx9 = 8;
constexpr GenMask kAllGens = 0xF;
constexpr GenMask genBit(Gen g) { return GenMask(1u << unsigned(g)); }

std::string_view genName(Gen g);  // "GFX6".."GFX9"

// Optional instruction-set features beyond the generation baseline.
enum Feature : uint32_t {
  kFeatXnack = 1u << 0,
  kFeatSramEcc = 1u << 1,
  kFeatDot = 1u << 2,      // gfx906 v_dot*, v_fma_mix*, v_xnor_b32 ...
  kFeatMadMix = 1u << 3,   // gfx900/902/904/909 v_mad_mix*
  kFeatFlat = 1u << 4,     // FLAT encoding (GFX7+, not tahiti-class)
  kFeatD16PreGfx9 = 1u << 5,  // gfx810-style d16 buffer ops (unpacked)
};

struct Processor {
  std::string_view name;    // canonical, e.g. "gfx803"
  std::string_view aliases; // space separated, e.g. "fiji polaris10 polaris11"
  Gen gen;
  uint32_t features;
};

// Looks up "gfx900", "vega10", "fiji", ... ; nullptr when unknown.
const Processor* findProcessor(std::string_view name);
// All processors, in table order.
const Processor* processorsBegin();
const Processor* processorsEnd();

}  // namespace gcn
