#include "kcommon.h"
// Tiled GEMM C[M x N] = A[M x K] * B[K x N] (row-major floats) with
// v_mfma_f32_16x16x4f32. A work-group of 256 work-items (4 waves) computes
// a 64x64 tile of C: group (gx, gy) of a grid of (256 * N / 64, M / 64)
// work-items covers rows 64 * gy.., columns 64 * gx... M and N must be
// multiples of 64 and K of 16. K is walked in slices of 16 staged in LDS;
// wave w owns the 32x32 sub-tile (w / 2, w % 2) as 2x2 16x16 accumulators,
// and each slice adds 4 MFMA steps of K = 4 to each accumulator, so every
// C element accumulates its K products in increasing k order.
// 16x16x4f32 lanes: l holds A[l % 16][l / 16] and B[l / 16][l % 16];
// accumulator register r of lane l is C[4 * (l / 16) + r][l % 16].
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void mfma_gemm(__global float* c, __global const float* a, __global const float* b,
               uint m, uint n, uint k) {
  __local float as[64][17];
  __local float bs[16][65];
  uint t = lid(0), lane = t & 63, wave = t >> 6;
  uint row0 = group_id(1) * 64, col0 = group_id(0) * 64;
  uint wr = 32 * (wave >> 1), wc = 32 * (wave & 1);
  uint col = lane & 15, grp = lane >> 4;
  float4 acc[2][2];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) acc[i][j] = 0.0f;
  for (uint k0 = 0; k0 < k; k0 += 16) {
    // 64x16 of A and 16x64 of B: four floats of each per work-item.
    float4 va = *(__global const float4*)(a + (row0 + t / 4) * k + k0 + 4 * (t % 4));
    float4 vb = *(__global const float4*)(b + (k0 + t / 16) * n + col0 + 4 * (t % 16));
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      as[t / 4][4 * (t % 4) + e] = va[e];
      bs[t / 16][4 * (t % 16) + e] = vb[e];
    }
    barrier_local();
#pragma unroll
    for (int kk = 0; kk < 16; kk += 4) {
      float fa[2], fb[2];
#pragma unroll
      for (int i = 0; i < 2; ++i) {
        fa[i] = as[wr + 16 * i + col][kk + grp];
        fb[i] = bs[kk + grp][wc + 16 * i + col];
      }
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j)
          acc[i][j] = __builtin_amdgcn_mfma_f32_16x16x4f32(fa[i], fb[j], acc[i][j], 0, 0, 0);
    }
    barrier_local();
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r)
        c[(row0 + wr + 16 * i + 4 * grp + r) * n + col0 + wc + 16 * j + col] = acc[i][j][r];
}
