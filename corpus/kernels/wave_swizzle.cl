#include "kcommon.h"
// ds_swizzle: quad-permute mode and bit-mask mode (swap adjacent lanes,
// broadcast lane 0 of each group of 32).
__kernel void wave_swizzle(__global int* out, __global const int* a) {
  uint i = gid(0);
  int x = a[i];
  __global int* o = out + 3 * i;
  o[0] = __builtin_amdgcn_ds_swizzle(x, 0x801b);  // quad_perm [3,2,1,0]
  o[1] = __builtin_amdgcn_ds_swizzle(x, 0x041f);  // and=0x1f, or=0, xor=1: swap neighbours
  o[2] = __builtin_amdgcn_ds_swizzle(x, 0x0000);  // and=0: lane 0 of each 32
}
