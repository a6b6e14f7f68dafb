// amd_kernel_code_t, the 256-byte kernel header of code object v2 (HSA ABI
// seed "AMD Kernel Code"), which precedes each kernel's machine code in
// .text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "codeobj/byte_reader.h"
#include "codeobj/pgm_rsrc.h"
#include "codeobj/user_sgprs.h"
#include "isa/gen.h"

namespace gcn::codeobj {

constexpr size_t kAmdKernelCodeSize = 256;

struct AmdKernelCode {
  uint8_t bytes[kAmdKernelCodeSize] = {};
  uint32_t amd_code_version_major = 0, amd_code_version_minor = 0;  // 0, 4
  uint16_t amd_machine_kind = 0;                                    // 8
  uint16_t amd_machine_version_major = 0, amd_machine_version_minor = 0,
           amd_machine_version_stepping = 0;                        // 10, 12, 14
  int64_t kernel_code_entry_byte_offset = 0;                        // 16
  int64_t kernel_code_prefetch_byte_offset = 0;                     // 24
  uint64_t kernel_code_prefetch_byte_size = 0;                      // 32
  uint64_t max_scratch_backing_memory_byte_size = 0;                // 40
  PgmRsrc1 rsrc1;                                                   // 48
  PgmRsrc2 rsrc2;                                                   // 52
  uint32_t kernel_code_properties = 0;                              // 56
  UserSgprEnables user_sgprs;                        // bits 9:0
  bool enable_ordered_append_gds = false;            // 16
  uint32_t private_element_size = 0;                 // 18:17
  bool is_ptr64 = false;                             // 19
  bool is_dynamic_callstack = false;                 // 20
  bool is_debug_enabled = false;                     // 21
  bool is_xnack_enabled = false;                     // 22
  uint32_t workitem_private_segment_byte_size = 0;   // 60
  uint32_t workgroup_group_segment_byte_size = 0;    // 64
  uint32_t gds_segment_byte_size = 0;                // 68
  uint64_t kernarg_segment_byte_size = 0;            // 72
  uint32_t workgroup_fbarrier_count = 0;             // 80
  uint16_t wavefront_sgpr_count = 0, workitem_vgpr_count = 0;  // 84, 86
  uint16_t reserved_vgpr_first = 0, reserved_vgpr_count = 0;   // 88, 90
  uint16_t reserved_sgpr_first = 0, reserved_sgpr_count = 0;   // 92, 94
  uint16_t debug_wavefront_private_segment_offset_sgpr = 0;    // 96
  uint16_t debug_private_segment_buffer_sgpr = 0;              // 98
  uint8_t kernarg_segment_alignment = 0, group_segment_alignment = 0,
          private_segment_alignment = 0, wavefront_size = 0;   // 100..103 (log2)
  uint32_t call_convention = 0;                                // 104
  uint64_t runtime_loader_kernel_symbol = 0;                   // 120
  uint64_t enabled_control_directives = 0;                     // 128 (first of 128 bytes)
};

AmdKernelCode decodeAmdKernelCode(ByteView b);  // exactly 256 bytes
void listAmdKernelCode(const AmdKernelCode& k, std::vector<Field>* out);
// Versions, machine kind, reserved bits/bytes, must-be-0 fields, counts
// that must agree (user SGPRs vs enables, register counts vs rsrc1).
void checkAmdKernelCode(const AmdKernelCode& k, Gen gen, const std::string& where,
                        std::vector<std::string>* problems);

}  // namespace gcn::codeobj
