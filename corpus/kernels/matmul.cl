#include "kcommon.h"
// C[M x N] = A[M x K] * B[K x N], one work-item per element; 2D grid.
__kernel void matmul(__global float* c, __global const float* a, __global const float* b,
                     uint m, uint n, uint k) {
  uint col = gid(0), row = gid(1);
  if (row >= m || col >= n) return;
  float acc = 0.0f;
  for (uint t = 0; t < k; ++t) acc = __builtin_fmaf(a[row * k + t], b[t * n + col], acc);
  c[row * n + col] = acc;
}
