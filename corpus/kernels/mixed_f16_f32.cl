#include "kcommon.h"
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// Half inputs, single precision accumulation: v_mad_mix (gfx900) vs
// v_fma_mix (gfx906) when the compiler fuses the conversions.
__kernel void mixed_f16_f32(__global float* out, __global const half* a, __global const half* b,
                            __global const float* c, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  out[i] = __builtin_fmaf((float)a[i], (float)b[i], c[i]);
}
