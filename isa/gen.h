// Generations of the GCN family covered by gcnref, and instruction-set features.
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
  kFeatDot = 1u << 2,      // gfx906 v_dot*, v_fma_mix*, v_xnor_b32 ...
  kFeatMadMix = 1u << 3,   // gfx900/902/904/909 v_mad_mix*
  kFeatFlat = 1u << 4,     // FLAT encoding (GFX7+, not tahiti-class)
  kFeatD16PreGfx9 = 1u << 5,  // gfx810-style d16 buffer ops (unpacked)
  // CDNA (gfx908 on), as LLVM's MAIInsts, Dot3-6Insts + PkFmacF16Inst and
  // AtomicFaddNoRtnInsts.
  kFeatMai = 1u << 6,      // MFMA, AccVGPRs, v_accvgpr_read/write
  kFeatDotC = 1u << 7,     // v_dot2c/v_dot4c/v_dot8c (VOP2 accumulate), v_pk_fmac_f16
  kFeatFaddNoRtn = 1u << 8,  // buffer/global atomic add f32 and pk_f16 without return
};

}  // namespace gcn
