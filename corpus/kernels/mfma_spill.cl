#include "kcommon.h"
// C[M x N] = A[M x 256] * B[256 x N] (row-major floats) with
// v_mfma_f32_32x32x2f32, one wave per 64-row strip of C: the wave keeps its
// whole strip of A in registers (2 x 128 values per lane, unrolled) and
// walks the 32-column tiles of C, two 32x32 accumulators per tile. Those
// 256 live values and the addresses exceed the 256 architectural VGPRs, so
// the compiler parks the overflow in AccVGPRs: v_accvgpr_write /
// v_accvgpr_read pairs on gfx908; on gfx90a and gfx942 part of the strip is
// loaded straight into AGPRs and read back with v_accvgpr_read.
// Grid: (64, M / 64) work-items, work-group (64, 1); N a multiple of 32.
// Lane l holds A[l % 32][l / 32] and B[l / 32][l % 32] of a 32x32x2 step;
// accumulator register r of lane l is C[8 * (r / 4) + 4 * (l / 32) + r % 4][l % 32].
#define K 256
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void mfma_spill(__global float* c, __global const float* a, __global const float* b, uint n) {
  uint lane = lid(0), col = lane & 31, hi = lane >> 5;
  uint row0 = group_id(1) * 64;
  float fa[2][K / 2];
#pragma unroll
  for (int s = 0; s < K / 2; ++s)
#pragma unroll
    for (int i = 0; i < 2; ++i) fa[i][s] = a[(row0 + 32 * i + col) * K + 2 * s + hi];
  for (uint col0 = 0; col0 < n; col0 += 32) {
    float16 acc0 = 0.0f, acc1 = 0.0f;
#pragma unroll
    for (int s = 0; s < K / 2; ++s) {
      float fb = b[(2 * s + hi) * n + col0 + col];
      acc0 = __builtin_amdgcn_mfma_f32_32x32x2f32(fa[0][s], fb, acc0, 0, 0, 0);
      acc1 = __builtin_amdgcn_mfma_f32_32x32x2f32(fa[1][s], fb, acc1, 0, 0, 0);
    }
#pragma unroll
    for (int r = 0; r < 16; ++r) {
      uint row = row0 + 8 * (r / 4) + 4 * hi + r % 4;
      c[row * n + col0 + col] = acc0[r];
      c[(row + 32) * n + col0 + col] = acc1[r];
    }
  }
}
