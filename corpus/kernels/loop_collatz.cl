#include "kcommon.h"
// Data-dependent loop trip counts (divergent loop exits).
__kernel void loop_collatz(__global uint* steps, __global const uint* start, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  uint x = start[i], s = 0;
  while (x > 1 && s < 1000) {
    x = (x & 1) ? 3 * x + 1 : x >> 1;
    ++s;
  }
  steps[i] = s;
}
