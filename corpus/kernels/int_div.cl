#include "kcommon.h"
// Signed and unsigned 32-bit division and remainder (expanded by the compiler).
__kernel void int_div(__global int* q, __global int* r, __global uint* uq, __global uint* ur,
                      __global const int* a, __global const int* b, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  int x = a[i], y = b[i];
  if (y == 0 || (x == (int)0x80000000 && y == -1)) {
    q[i] = 0; r[i] = 0; uq[i] = 0; ur[i] = 0;
    return;
  }
  q[i] = x / y;
  r[i] = x % y;
  uq[i] = (uint)x / (uint)y;
  ur[i] = (uint)x % (uint)y;
}
