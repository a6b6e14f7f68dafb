#include "kcommon.h"
// DPP moves: row_shr:1 with bound_ctrl (zero fill), quad_perm reversal,
// row_ror:4, and a row-wise inclusive scan built from row_shr:1/2/4/8.
__kernel void wave_dpp(__global int* out, __global const int* a) {
  uint i = gid(0);
  int x = a[i];
  __global int* o = out + 4 * i;
  o[0] = __builtin_amdgcn_mov_dpp(x, 0x111, 0xf, 0xf, true);      // row_shr:1
  o[1] = __builtin_amdgcn_mov_dpp(x, 0x1b, 0xf, 0xf, false);      // quad_perm:[3,2,1,0]
  o[2] = __builtin_amdgcn_update_dpp(0, x, 0x124, 0xf, 0xf, false);  // row_ror:4
  int s = x;
  s += __builtin_amdgcn_update_dpp(0, s, 0x111, 0xf, 0xf, false);
  s += __builtin_amdgcn_update_dpp(0, s, 0x112, 0xf, 0xf, false);
  s += __builtin_amdgcn_update_dpp(0, s, 0x114, 0xf, 0xf, false);
  s += __builtin_amdgcn_update_dpp(0, s, 0x118, 0xf, 0xf, false);
  o[3] = s;
}
