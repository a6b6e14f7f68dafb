#include "kcommon.h"
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// Half precision arithmetic (v_*_f16 on GFX8+).
__kernel void f16_arith(__global half* out, __global const half* a, __global const half* b, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  half x = a[i], y = b[i];
  __global half* o = out + 4 * i;
  o[0] = x * y;
  o[1] = x + y;
  o[2] = x / y;
  o[3] = __builtin_sqrtf16(__builtin_fabsf16(x));
}
