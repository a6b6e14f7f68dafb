#include "kcommon.h"
// Single precision: multiply-add, division, square root, min/max, abs.
__kernel void f32_arith(__global float* out, __global const float* a, __global const float* b, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  float x = a[i], y = b[i];
  __global float* o = out + 4 * i;
  o[0] = x * y + 1.5f;
  o[1] = x / y;
  o[2] = __builtin_sqrtf(__builtin_fabsf(x));
  o[3] = __builtin_fmaxf(x, y) - __builtin_fminf(x, y);
}
