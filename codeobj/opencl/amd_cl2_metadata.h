// The per-kernel metadata of AMD OpenCL 2.0 binaries: the outer ELF's
// "__OpenCL_&__OpenCL_<kernel>_kernel_metadata" object, a binary record
// (not the text metadata of the 1.2 format). It holds a header
// (reqd_work_group_size, hints), two names, one fixed-size entry per
// argument, a zero entry, then each argument's name and type name. Words
// are 4 bytes in 32-bit binaries and mostly 8 in 64-bit ones.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "codeobj/byte_reader.h"
#include "codeobj/opencl/program.h"

namespace gcn::codeobj::opencl {

struct Cl2ArgEntry {
  std::string name, type_name;
  uint64_t entry_offset = 0;    // in the metadata
  uint32_t vec_or_res = 0;      // vector length, image/sampler id or struct size
  uint32_t virtual_offset = 0;  // 16-byte slots, not the argument buffer offset
  uint32_t arg_type = 0, ptr_alignment = 0, ptr_type = 0, ptr_space = 0;
  uint32_t pointer_or_pipe = 0;  // nonzero for pointers, pipes and clk_event_t
  uint8_t is_volatile = 0, is_restrict = 0, is_pipe = 0;
  uint32_t kind_of_type = 0;  // 1 sampler, 2 image, 4 value, 5 pointer/pipe, 7 queue
  uint64_t is_const = 0;
};

struct Cl2Metadata {
  uint64_t header_size = 0, recorded_size = 0;
  uint32_t options = 0, kernel_id = 0;
  uint64_t reqd_workgroup_size[3] = {0, 0, 0};
  bool has_hints = false;  // the longer header of Crimson 16.3+ drivers
  uint64_t workgroup_size_hint[3] = {0, 0, 0};
  std::string vec_type_hint;
  std::string first_name, second_name;  // "__OpenCL_dummy_kernel", "generic" or "GFX8"
  uint64_t pipes_usage = 0;
  std::vector<Cl2ArgEntry> args;
};

// Structural errors (a length or count that leaves the record) return false
// with "where: what"; values the format fixes go to *problems.
bool parseCl2Metadata(ByteView md, bool is64, const std::string& where, Cl2Metadata* out,
                      std::vector<std::string>* problems, std::string* err);

// The argument an entry describes: kind, size and alignment in the argument
// buffer (AmdCl2Abi.md: pointers, images, samplers, queues and structures
// take a pointer; a vector takes its recorded length, which is 4 for
// 3-element vectors from driver 1912.05; values align to their element).
// Setup arguments ("_.global_offset_0", "_.printf_buffer", ...) are HIDDEN.
Arg cl2Arg(const Cl2ArgEntry& e, bool is64, const std::string& where,
           std::vector<std::string>* problems);

// Assigns offsets in list order; returns the end of the last argument.
uint32_t layoutCl2Args(std::vector<Arg>* args);

}  // namespace gcn::codeobj::opencl
