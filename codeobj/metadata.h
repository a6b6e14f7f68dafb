// Kernel metadata of amdhsa code objects, in typed form. Code object v3-v5
// carry it as MessagePack (NT_AMDGPU_METADATA), v2 as YAML
// (NT_AMD_HSA_METADATA); both decode into these structures, with v2 names
// mapped onto the v3 spelling ("GlobalBuffer" -> "global_buffer").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "codeobj/byte_reader.h"

namespace gcn::codeobj {

struct KernelArg {
  std::string name, type_name;
  uint64_t offset = 0, size = 0;
  uint64_t align = 0;          // v2 "Align"; 0 when absent (v3+ gives offsets)
  uint64_t pointee_align = 0;  // dynamic_shared_pointer only
  std::string value_kind;      // "by_value", "global_buffer", "hidden_...", ...
  std::string address_space;   // "global", "constant", "local", ... or ""
  std::string access, actual_access;
  bool is_const = false, is_restrict = false, is_volatile = false, is_pipe = false;
  bool isHidden() const { return value_kind.rfind("hidden_", 0) == 0; }
};

struct KernelMeta {
  std::string name, symbol, language;
  std::vector<uint64_t> language_version, reqd_workgroup_size, workgroup_size_hint;
  std::string vec_type_hint, device_enqueue_symbol;
  std::vector<KernelArg> args;
  uint64_t kernarg_segment_size = 0, kernarg_segment_align = 0;
  uint64_t group_segment_fixed_size = 0, private_segment_fixed_size = 0;
  uint64_t wavefront_size = 0, sgpr_count = 0, vgpr_count = 0;
  uint64_t max_flat_workgroup_size = 0, sgpr_spill_count = 0, vgpr_spill_count = 0;
  bool has_agpr_count = false;  // .agpr_count (v3+, CDNA kernels) present
  uint64_t agpr_count = 0;
  bool uses_dynamic_stack = false;  // v5 .uses_dynamic_stack
};

struct Metadata {
  enum class Format : uint8_t { NONE, MSGPACK, YAML } format = Format::NONE;
  std::vector<uint64_t> version;  // amdhsa.version / Version
  std::string target;             // amdhsa.target (v4+), "" before
  std::vector<std::string> printf_formats;
  std::vector<KernelMeta> kernels;
  const KernelMeta* findBySymbol(const std::string& sym) const;
  const KernelMeta* findByName(const std::string& name) const;
};

// Decode `bytes` (the desc of a note at file offset `where`). False with a
// message naming the key path on error (bad encoding, missing required key,
// wrong type, inconsistent args).
bool decodeMsgpackMetadata(ByteView bytes, uint64_t where, Metadata* out, std::string* err);
bool decodeYamlMetadata(ByteView bytes, uint64_t where, Metadata* out, std::string* err);

}  // namespace gcn::codeobj
