#include "kcommon.h"
// D = A * B + C with one v_mfma_f32_32x32x2f32 per wave (M = N = 32, K = 2).
// Wave w of the 1D grid (whole 64-lane waves) works on matrix set w: A is
// 32x2, B 2x32, C and D 32x32, all row-major and packed one set after the
// other. Lane l holds A[l % 32][l / 32] and B[l / 32][l % 32]; accumulator
// register r of lane l is C/D[8 * (r / 4) + 4 * (l / 32) + r % 4][l % 32].
__kernel void mfma_f32(__global float* d, __global const float* a, __global const float* b,
                       __global const float* c) {
  uint lane = lid(0) & 63, w = gid(0) >> 6;
  a += w * 64;
  b += w * 64;
  c += w * 1024;
  d += w * 1024;
  uint col = lane & 31, hi = lane >> 5;
  float av = a[col * 2 + hi], bv = b[hi * 32 + col];
  float16 acc;
#pragma unroll
  for (int r = 0; r < 16; ++r) acc[r] = c[(8 * (r / 4) + 4 * hi + r % 4) * 32 + col];
  acc = __builtin_amdgcn_mfma_f32_32x32x2f32(av, bv, acc, 0, 0, 0);
#pragma unroll
  for (int r = 0; r < 16; ++r) d[(8 * (r / 4) + 4 * hi + r % 4) * 32 + col] = acc[r];
}
