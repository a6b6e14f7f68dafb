// ELF note records of amdhsa code objects (AMDGPUUsage "Note Records"):
// "AMDGPU" NT_AMDGPU_METADATA (v3-v5, MessagePack) and the "AMD" NT_AMD_HSA_*
// notes of code object v2 (version, HSAIL, ISA, producer, YAML metadata,
// ISA name).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "codeobj/byte_reader.h"
#include "codeobj/elf.h"

namespace gcn::codeobj {

constexpr uint32_t kNtAmdHsaCodeObjectVersion = 1, kNtAmdHsaHsail = 2, kNtAmdHsaIsaVersion = 3,
                   kNtAmdHsaProducer = 4, kNtAmdHsaProducerOptions = 5, kNtAmdHsaExtension = 6,
                   kNtAmdHsaMetadata = 10, kNtAmdHsaIsaName = 11, kNtAmdgpuMetadata = 32;

struct Note {
  std::string name;          // owner, without the NUL
  uint32_t type = 0;
  uint64_t offset = 0;       // file offset of the note header
  uint64_t desc_offset = 0;  // file offset of desc
  ByteView desc;
};

// Name of a note type for an owner ("NT_AMDGPU_METADATA"), or "".
std::string typeNameOf(const Note& n);

// Splits an SHT_NOTE section into records; errors name the record offset.
bool parseNotes(const ElfFile& elf, const Section& sec, std::vector<Note>* out, std::string* err);

// Decoded code object v2 notes (fields present when has_* is set).
struct V2Notes {
  bool has_version = false;
  uint32_t version_major = 0, version_minor = 0;
  bool has_hsail = false;
  uint32_t hsail_major = 0, hsail_minor = 0;
  uint8_t profile = 0, machine_model = 0, default_float_round = 0;
  bool has_isa = false;
  std::string isa_vendor, isa_arch;
  uint32_t isa_major = 0, isa_minor = 0, isa_stepping = 0;
  bool has_producer = false;
  std::string producer;
  uint32_t producer_major = 0, producer_minor = 0;
  std::string producer_options;
  std::string isa_name;  // NT_AMD_HSA_ISA_NAME, e.g. "amdgcn-amd-amdhsa--gfx901"
};

// Decodes one "AMD" note into *v2 (metadata notes are handled elsewhere).
bool decodeV2Note(const Note& n, V2Notes* v2, std::string* err);

}  // namespace gcn::codeobj
