#include "kcommon.h"
// Nested data-dependent branches: lanes of one wave take different paths.
__kernel void branch_divergent(__global int* out, __global const int* a, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  int x = a[i];
  int r;
  if (x & 1) {
    if (x > 100) r = x * 3;
    else r = x - 7;
  } else if ((i & 3) == 2) {
    r = -x;
  } else {
    r = x >> 1;
    if (r == 0) r = 12345;
  }
  out[i] = r;
}
