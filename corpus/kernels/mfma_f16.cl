#include "kcommon.h"
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// D = A * B + C with one v_mfma_f32_32x32x8f16 per wave: half A (32x8) and
// B (8x32), float C and D (32x32), all row-major, one matrix set per wave
// of the 1D grid (whole 64-lane waves). Lane l holds A[l % 32][4 * (l / 32)
// + e] and B[4 * (l / 32) + e][l % 32] as element e of its half4 operands;
// accumulator register r of lane l is C/D[8 * (r / 4) + 4 * (l / 32) + r % 4][l % 32].
__kernel void mfma_f16(__global float* d, __global const half* a, __global const half* b,
                       __global const float* c) {
  uint lane = lid(0) & 63, w = gid(0) >> 6;
  a += w * 256;
  b += w * 256;
  c += w * 1024;
  d += w * 1024;
  uint col = lane & 31, hi = lane >> 5;
  half4 av, bv;
#pragma unroll
  for (int e = 0; e < 4; ++e) {
    av[e] = a[col * 8 + 4 * hi + e];
    bv[e] = b[(4 * hi + e) * 32 + col];
  }
  float16 acc;
#pragma unroll
  for (int r = 0; r < 16; ++r) acc[r] = c[(8 * (r / 4) + 4 * hi + r % 4) * 32 + col];
  acc = __builtin_amdgcn_mfma_f32_32x32x8f16(av, bv, acc, 0, 0, 0);
#pragma unroll
  for (int r = 0; r < 16; ++r) d[(8 * (r / 4) + 4 * hi + r % 4) * 32 + col] = acc[r];
}
