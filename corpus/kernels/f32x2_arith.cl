#include "kcommon.h"
// Pairs of floats. For gfx90a/gfx942 clang-19 selects the packed f32 ops:
// v_pk_fma_f32 / v_pk_mul_f32 with an inline constant (op_sel_hi cleared
// on it, so both halves read the constant's low dword) and v_pk_add_f32
// with the float2 kernel argument as an SGPR pair; elsewhere two f32 ops.
__kernel void f32x2_arith(__global float2* out, __global const float2* a, __global const float2* b,
                          float2 s, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  float2 x = a[i], y = b[i];
  __global float2* o = out + 4 * i;
  o[0] = x * 2.0f + y;
  o[1] = x * (float2)(0.5f, -4.0f);
  o[2] = x + s;
  o[3] = (y - s) * x;
}
