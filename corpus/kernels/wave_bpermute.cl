#include "kcommon.h"
// ds_bpermute: every lane reads the value of lane (63 - lane) of its wave.
__kernel void wave_bpermute(__global int* out, __global const int* a) {
  uint i = gid(0);
  uint lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  int x = a[i];
  out[i] = __builtin_amdgcn_ds_bpermute((int)((63 - lane) * 4), x);
}
