// The user-SGPR enable bits (kernel_code_properties bits 9:0). amd_kernel_code_t
// (v2) and the v3+ kernel descriptor lay them out alike; the descriptor has
// only bits 6:0 (its 9:7 are reserved), the grid workgroup counts being v2's.
#pragma once

#include <cstdint>
#include <vector>

#include "codeobj/pgm_rsrc.h"

namespace gcn::codeobj {

struct UserSgprEnables {
  bool private_segment_buffer = false;  // bit 0, 4 SGPRs
  bool dispatch_ptr = false;            // 1, 2
  bool queue_ptr = false;               // 2, 2
  bool kernarg_segment_ptr = false;     // 3, 2
  bool dispatch_id = false;             // 4, 2
  bool flat_scratch_init = false;       // 5, 2
  bool private_segment_size = false;    // 6, 1
  bool grid_workgroup_count_x = false;  // 7, 1 (v2 only)
  bool grid_workgroup_count_y = false;  // 8, 1 (v2 only)
  bool grid_workgroup_count_z = false;  // 9, 1 (v2 only)

  // The user SGPRs these bits request, the count COMPUTE_PGM_RSRC2.USER_SGPR_COUNT
  // must agree with.
  uint32_t count() const;
};

// `nbits`: 10 for amd_kernel_code_t, 7 for the kernel descriptor.
UserSgprEnables decodeUserSgprEnables(uint32_t properties, int nbits);
// Appends "  enable_sgpr_<name>" rows for the first `nbits` bits.
void listUserSgprEnables(const UserSgprEnables& u, int nbits, std::vector<Field>* out);

}  // namespace gcn::codeobj
