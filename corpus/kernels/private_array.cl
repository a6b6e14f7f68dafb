#include "kcommon.h"
// A dynamically indexed private array: lives in scratch (private segment).
__kernel void private_array(__global int* out, __global const int* idx, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  int tmp[96];
  for (int k = 0; k < 96; ++k) tmp[k] = k * (int)i + 1;
  int s = 0;
  for (int k = 0; k < 8; ++k) {
    int j = idx[i * 8 + k] % 96;
    if (j < 0) j += 96;
    tmp[j] += s;
    s += tmp[(j * 5 + 3) % 96];
  }
  out[i] = s;
}
