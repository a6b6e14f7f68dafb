// e_ident OS ABI / ABI version and e_flags of AMDGPU code objects
// (AMDGPUUsage "ELF Header"): the processor (EF_AMDGPU_MACH) and the
// xnack / sramecc target features, whose encoding depends on the code
// object version:
//   v2, v3 (EI_ABIVERSION 0, 1): bit 8 xnack, bit 9 sram-ecc (on/off), as
//     in the seed's e_flags table. LLVM 16 also uses this layout for v2.
//   v4, v5 (EI_ABIVERSION 2, 3): bits 9:8 xnack, bits 11:10 sramecc, each
//     0 unsupported, 1 any, 2 off, 3 on (later AMDGPUUsage; the seed
//     predates v4).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "codeobj/elf.h"

namespace gcn::codeobj {

enum class FeatureState : uint8_t { UNSUPPORTED, ANY, OFF, ON };
std::string_view featureStateName(FeatureState s);

struct TargetInfo {
  uint32_t mach = 0;          // EF_AMDGPU_MACH
  std::string processor;      // "gfx900"
  int code_object_version = 0;  // 2..5
  FeatureState xnack = FeatureState::UNSUPPORTED;
  FeatureState sramecc = FeatureState::UNSUPPORTED;
  // Target id as in LLVM's amdhsa.target: "gfx906:sramecc+:xnack-".
  std::string targetId() const;
};

// Processor name for an EF_AMDGPU_MACH value ("" if unknown/reserved).
std::string_view machName(uint32_t mach);

// Decodes and validates the header's OS ABI, ABI version and e_flags.
// Only amdhsa code objects for GCN GFX6-GFX9 processors are accepted.
bool decodeTarget(const ElfHeader& h, TargetInfo* out, std::string* err);

}  // namespace gcn::codeobj
