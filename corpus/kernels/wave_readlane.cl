#include "kcommon.h"
// Scalar broadcasts: readfirstlane, readlane and a wave-wide ballot.
__kernel void wave_readlane(__global int* out, __global ulong* ballots, __global const int* a) {
  uint i = gid(0);
  int x = a[i];
  int first = __builtin_amdgcn_readfirstlane(x);
  int l5 = __builtin_amdgcn_readlane(x, 5);
  int l63 = __builtin_amdgcn_readlane(x, 63);
  out[i] = first + 2 * l5 - l63 + x;
  ulong b = __builtin_amdgcn_ballot_w64(x > 0);
  if ((i & 63) == 0) ballots[i / 64] = b;
}
