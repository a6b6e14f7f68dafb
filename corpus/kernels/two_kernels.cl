#include "kcommon.h"
// Two kernels in one code object (and a helper both inline).
static inline int mix(int x, int k) { return x * k + (x >> 3); }
__kernel void scale(__global int* out, __global const int* a, int k, uint n) {
  uint i = gid(0);
  if (i < n) out[i] = mix(a[i], k);
}
__kernel void offset(__global int* out, __global const int* a, int k, uint n) {
  uint i = gid(0);
  if (i < n) out[i] = a[i] + k;
}
