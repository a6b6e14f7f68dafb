// COMPUTE_PGM_RSRC1/2 as stored in the kernel descriptor and in
// amd_kernel_code_t (AMDGPUUsage "compute_pgm_rsrc1/2 for GFX6-GFX10", HSA
// ABI amd_compute_pgm_rsrc1/2). The two documents disagree on rsrc1 bit 26:
// AMDGPUUsage has FP16_OVFL on GFX9+, the HSA ABI (2016) calls bits 31:26
// reserved; gcnref follows AMDGPUUsage, which LLVM implements.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "isa/gen.h"

namespace gcn::codeobj {

struct PgmRsrc1 {
  uint32_t raw = 0;
  uint32_t granulated_workitem_vgpr_count = 0;     // 5:0
  uint32_t granulated_wavefront_sgpr_count = 0;    // 9:6
  uint32_t priority = 0;                           // 11:10
  uint32_t float_round_mode_32 = 0;                // 13:12
  uint32_t float_round_mode_16_64 = 0;             // 15:14
  uint32_t float_denorm_mode_32 = 0;               // 17:16
  uint32_t float_denorm_mode_16_64 = 0;            // 19:18
  bool priv = false;                               // 20
  bool enable_dx10_clamp = false;                  // 21
  bool debug_mode = false;                         // 22
  bool enable_ieee_mode = false;                   // 23
  bool bulky = false;                              // 24
  bool cdbg_user = false;                          // 25
  bool fp16_ovfl = false;                          // 26 (GFX9+)
  uint32_t reserved = 0;                           // 31:27
};

struct PgmRsrc2 {
  uint32_t raw = 0;
  bool enable_sgpr_private_segment_wave_byte_offset = false;  // 0
  uint32_t user_sgpr_count = 0;                               // 5:1
  bool enable_trap_handler = false;                           // 6
  bool enable_sgpr_workgroup_id_x = false;                    // 7
  bool enable_sgpr_workgroup_id_y = false;                    // 8
  bool enable_sgpr_workgroup_id_z = false;                    // 9
  bool enable_sgpr_workgroup_info = false;                    // 10
  uint32_t enable_vgpr_workitem_id = 0;                       // 12:11
  bool enable_exception_address_watch = false;                // 13
  bool enable_exception_memory = false;                       // 14
  uint32_t granulated_lds_size = 0;                           // 23:15
  uint32_t enable_exception = 0;  // 30:24: invalid, denorm src, div0, overflow, underflow, inexact, int div0
  bool reserved = false;          // 31
};

PgmRsrc1 decodeRsrc1(uint32_t v);
PgmRsrc2 decodeRsrc2(uint32_t v);

// A named field value for listings (objdump, tests).
struct Field {
  std::string name;
  uint64_t value;
};
void listRsrc1(const PgmRsrc1& r, std::vector<Field>* out);
void listRsrc2(const PgmRsrc2& r, std::vector<Field>* out);

// Appends "what is wrong" messages for fields the compiler must leave 0
// ("Must be 0" in the specs) or that are reserved on `gen`. `where`
// prefixes each message (e.g. "kernel descriptor 'k.kd' at offset 0x500:
// COMPUTE_PGM_RSRC1 (byte 48)").
void checkRsrc1(const PgmRsrc1& r, Gen gen, const std::string& where,
                std::vector<std::string>* problems);
void checkRsrc2(const PgmRsrc2& r, const std::string& where, std::vector<std::string>* problems);

// Register counts the granulated fields allocate on `gen`.
// VGPRs the granulated count allocates: on GFX90A VGPRs and AccVGPRs together.
uint32_t allocatedVgprs(const PgmRsrc1& r, Gen gen);
uint32_t allocatedSgprs(const PgmRsrc1& r, Gen gen);

}  // namespace gcn::codeobj
