// Generations of the GCN family covered by gcnref, and instruction-set features.
#pragma once

#include <cstdint>
#include <string_view>

namespace gcn {

// GFX90A (gfx90a) and GFX940 (gfx940/941/942) are GFX9 processors whose
// words differ from gfx900's in field layout (ACC bits in the memory
// encodings, the SCC cache bit, MFMA's ACC_CD) and in which rows exist, so
// they are generations of their own for the tables; `gen >= Gen::GFX9`
// asks "a GFX9 processor".
enum class Gen : uint8_t { GFX6 = 0, GFX7 = 1, GFX8 = 2, GFX9 = 3, GFX90A = 4, GFX940 = 5 };
constexpr int kNumGens = 6;
// The table rows' opcode columns: gfx6, gfx7, gfx8, gfx9 (GFX90A and GFX940
// read the gfx9 column; tables.cc applies the rows' CDNA flags).
constexpr int kNumOpcodeColumns = 4;

// Bit set of generations, used by table rows and layouts. kGfx9 is every
// GFX9 processor; kGfx900 the gfx900-gfx908 layout; kCdna2On GFX90A and GFX940.
using GenMask = uint8_t;
constexpr GenMask kGfx6 = 1, kGfx7 = 2, kGfx8 = 4, kGfx900 = 8, kGfx90a = 16, kGfx940 = 32;
constexpr GenMask kCdna2On = kGfx90a | kGfx940;
constexpr GenMask kGfx9 = kGfx900 | kCdna2On;
constexpr GenMask kAllGens = 0x3F;
constexpr GenMask genBit(Gen g) { return GenMask(1u << unsigned(g)); }
constexpr bool isCdna2On(Gen g) { return g >= Gen::GFX90A; }
// GFX940's architected flat scratch: the SPI sets FLAT_SCRATCH to the wave's
// scratch base; there is no private segment buffer, flat scratch init or
// wave offset SGPR (AMDGPUUsage).
constexpr bool hasArchitectedFlatScratch(Gen g) { return g == Gen::GFX940; }

std::string_view genName(Gen g);  // "GFX6".."GFX940"

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
