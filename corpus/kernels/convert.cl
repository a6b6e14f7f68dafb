#include "kcommon.h"
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// Conversions between int, float, double and half; floor/trunc.
__kernel void convert(__global int* oi, __global float* of, __global double* od, __global half* oh,
                      __global const float* a, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  float x = a[i];
  oi[2 * i] = (int)x;
  oi[2 * i + 1] = (int)__builtin_floorf(x);
  of[2 * i] = (float)(int)(x * 3.0f);
  of[2 * i + 1] = __builtin_truncf(x * 0.5f);
  od[i] = (double)x * 1.0000001;
  oh[i] = (half)x;
}
