// The 64-byte amdhsa kernel descriptor of code object v3+ (AMDGPUUsage
// "Kernel Descriptor for GFX6-GFX10"). Byte 8..11 is KERNARG_SIZE in LLVM
// 11+ (the seed's older table still calls bytes 8..15 reserved); gcnref
// decodes it as LLVM writes it and keeps bytes 12..15 reserved.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "codeobj/byte_reader.h"
#include "codeobj/pgm_rsrc.h"
#include "codeobj/user_sgprs.h"
#include "isa/gen.h"

namespace gcn::codeobj {

constexpr size_t kKernelDescriptorSize = 64;

struct KernelDescriptor {
  uint8_t bytes[kKernelDescriptorSize] = {};
  uint32_t group_segment_fixed_size = 0;    // 0
  uint32_t private_segment_fixed_size = 0;  // 4
  uint32_t kernarg_size = 0;                // 8
  int64_t kernel_code_entry_byte_offset = 0;  // 16
  uint32_t compute_pgm_rsrc3 = 0;           // 44
  PgmRsrc1 rsrc1;                           // 48
  PgmRsrc2 rsrc2;                           // 52
  uint16_t kernel_code_properties = 0;      // 56
  UserSgprEnables user_sgprs;                       // bits 6:0
  bool enable_wavefront_size32 = false;             // 10
  bool uses_dynamic_stack = false;                  // 11
  // GFX90A and GFX940 (bytes 58-59; reserved before): kernarg dwords the
  // CP preloads into the user SGPRs after the enabled ones.
  uint32_t kernarg_preload_length = 0;  // bits 6:0
  uint32_t kernarg_preload_offset = 0;  // bits 15:7, in dwords from the kernarg base
};

// Decodes exactly 64 bytes (caller checks the range).
KernelDescriptor decodeKernelDescriptor(ByteView b);
void listKernelDescriptor(const KernelDescriptor& kd, Gen gen, std::vector<Field>* out);
// GFX90A COMPUTE_PGM_RSRC3: ACCUM_OFFSET (bits 5:0, the first AccVGPR of the
// unified file as accum_offset / 4 - 1) and TG_SPLIT (bit 16).
constexpr uint32_t kRsrc3Gfx90aFields = 0x3fu | (1u << 16);
// User SGPRs the descriptor asks for: the enabled ones and the preloaded
// kernarg dwords.
inline uint32_t userSgprsRequested(const KernelDescriptor& kd) {
  return kd.user_sgprs.count() + kd.kernarg_preload_length;
}
// A kernel with preloaded kernargs begins with a 256-byte block for
// firmware without preloading; the CP that preloads starts after it
// (AMDGPUUsage, "Preloaded Kernel Arguments").
constexpr uint32_t kKernargPreloadSkip = 256;
inline uint32_t accumOffset(const KernelDescriptor& kd) { return ((kd.compute_pgm_rsrc3 & 0x3f) + 1) * 4; }
// Reserved bytes/bits, must-be-0 fields, user SGPR count vs enables.
// `where` names the descriptor (symbol and file offset).
void checkKernelDescriptor(const KernelDescriptor& kd, Gen gen, const std::string& where,
                           std::vector<std::string>* problems);

}  // namespace gcn::codeobj
