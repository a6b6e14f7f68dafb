#include "kcommon.h"
// Grid-stride loop: y = alpha * x + y with fewer work-items than elements.
__kernel void saxpy_multi(__global float* y, __global const float* x, float alpha, uint n) {
  uint stride = grid_size(0);
  for (uint i = gid(0); i < n; i += stride) y[i] = __builtin_fmaf(alpha, x[i], y[i]);
}
