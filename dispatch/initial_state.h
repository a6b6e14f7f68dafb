// The register state every wave starts with (AMDGPUUsage "Initial Kernel
// Execution State", HSA ABI seed "Initial kernel register state"), driven
// by the kernel descriptor's enable_sgpr_* bits (or amd_kernel_code_t's for
// code object v2) and COMPUTE_PGM_RSRC1/2:
//
//   user SGPRs, dense from s0, in this order when enabled: private segment
//   buffer (4), dispatch ptr (2), queue ptr (2), kernarg segment ptr (2),
//   dispatch id (2), flat scratch init (2), private segment size (1), grid
//   work-group count X/Y/Z (1 each; amd_kernel_code_t only), then on GFX90A
//   and GFX940 the kernarg dwords the descriptor preloads. The CP loads at
//   most 16 and exactly COMPUTE_PGM_RSRC2.USER_SGPR of them.
//   system SGPRs, from s[USER_SGPR]: work-group id X, Y, Z, work-group info,
//   private segment wave byte offset.
//   VGPRs: v0 work-item id X, v1 Y (enable_vgpr_workitem_id >= 1), v2 Z (>= 2).
//
// Also set: MODE from RSRC1 (round/denorm modes, DX10_CLAMP, IEEE,
// FP16_OVFL) and RSRC2 (exception enables), EXEC (partial last wave),
// GPR_ALLOC, the flat apertures (SRC_*_BASE/LIMIT, SH_MEM_BASES on GFX9) and,
// on GFX7/8, M0 = the work-group's LDS size (what the ABI asks the prologue
// to load; clang's code sets M0 itself before DS instructions).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "codeobj/code_object.h"
#include "dispatch/grid.h"
#include "isa/gen.h"
#include "semantics/emulator/wave_state.h"

namespace gcn::dispatch {

// What the kernel asks for.
struct StateRequest {
  bool private_segment_buffer = false, dispatch_ptr = false, queue_ptr = false,
       kernarg_segment_ptr = false, dispatch_id = false, flat_scratch_init = false,
       private_segment_size = false;
  bool grid_workgroup_count[3] = {false, false, false};
  uint32_t kernarg_preload = 0;  // kernarg dwords after the enabled user SGPRs (GFX90A, GFX940)
  uint32_t user_sgpr_count = 0;  // COMPUTE_PGM_RSRC2.USER_SGPR
  bool workgroup_id[3] = {false, false, false};
  bool workgroup_info = false, private_segment_wave_offset = false;
  bool architected_flat_scratch = false;  // GFX940: FLAT_SCRATCH = the wave's scratch base
  uint32_t vgpr_workitem_id = 0;  // 0: X, 1: X Y, 2: X Y Z
  uint32_t mode = 0;              // initial MODE register
  uint32_t gpr_alloc = 0;         // GPR_ALLOC (VGPR_SIZE, SGPR_SIZE)
  uint32_t private_element_size_code = 1;  // V# ELEMENT_SIZE (1: 4 bytes)
};
StateRequest stateRequest(const codeobj::KernelInfo& k, Gen gen);

// The SGPR of each enabled register: "s0..s3 private segment buffer", ...
struct SgprSlot {
  int first = 0, count = 0;
  std::string name;
};
std::vector<SgprSlot> sgprLayout(const StateRequest& r);

// Values shared by all waves of the dispatch.
struct DispatchRegs {
  uint32_t private_segment_buffer[4] = {};
  uint64_t dispatch_ptr = 0, queue_ptr = 0, kernarg_ptr = 0, dispatch_id = 0;
  uint64_t flat_scratch_init = 0;  // GFX9: scratch base; GFX7/8: lo offset, hi size
  uint64_t scratch_base = 0;       // the dispatch's scratch (wave w's: + its offset)
  uint32_t private_segment_size = 0;
  Dim3 grid_workgroups;            // work-group counts (ceil)
  std::vector<uint32_t> kernarg_preload;  // the preloaded kernarg dwords
  uint32_t lds_bytes = 0;          // the work-group's LDS (M0 on GFX7/8)
  uint64_t shared_base = 0, private_base = 0;  // flat apertures (0: none)
};

// `w` has been reset() for the generation (the emulator does that).
void initWave(const StateRequest& r, const DispatchRegs& d, const WaveCoord& c, Gen gen,
              sem::WaveState& w);

}  // namespace gcn::dispatch
