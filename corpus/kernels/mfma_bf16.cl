#include "kcommon.h"
// D = A * B + C for 16x16 bf16 A and B (K = 16) and float C and D, all
// row-major, one matrix set per wave of the 1D grid (whole 64-lane waves);
// bf16 elements are the upper halves of floats, passed as ushort bits.
// gfx90a and later: one v_mfma_f32_16x16x16bf16_1k, lane l holding
// A[l % 16][4 * (l / 16) + e] and B[4 * (l / 16) + e][l % 16] as element e
// of its short4 operands. gfx908 has no _1k form: two v_mfma_f32_16x16x8bf16
// (K = 8 each, k = 8 * step + 2 * (l / 16) + e for element e of short2),
// the second accumulating onto the first. Accumulator register r of lane l
// is C/D[4 * (l / 16) + r][l % 16] for both.
__kernel void mfma_bf16(__global float* d, __global const ushort* a, __global const ushort* b,
                        __global const float* c) {
  uint lane = lid(0) & 63, w = gid(0) >> 6;
  a += w * 256;
  b += w * 256;
  c += w * 256;
  d += w * 256;
  uint col = lane & 15, grp = lane >> 4;
  float4 acc;
#pragma unroll
  for (int r = 0; r < 4; ++r) acc[r] = c[(4 * grp + r) * 16 + col];
#if defined(__gfx908__)
#pragma unroll
  for (int step = 0; step < 2; ++step) {
    short2 av, bv;
#pragma unroll
    for (int e = 0; e < 2; ++e) {
      uint k = 8 * step + 2 * grp + e;
      av[e] = (short)a[col * 16 + k];
      bv[e] = (short)b[k * 16 + col];
    }
    acc = __builtin_amdgcn_mfma_f32_16x16x8bf16(av, bv, acc, 0, 0, 0);
  }
#else
  short4 av, bv;
#pragma unroll
  for (int e = 0; e < 4; ++e) {
    uint k = 4 * grp + e;
    av[e] = (short)a[col * 16 + k];
    bv[e] = (short)b[k * 16 + col];
  }
  acc = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(av, bv, acc, 0, 0, 0);
#endif
#pragma unroll
  for (int r = 0; r < 4; ++r) d[(4 * grp + r) * 16 + col] = acc[r];
}
