#include "kcommon.h"
// Multi-block MFMAs with the A broadcast (cbsz, abid) and B lane-group
// (blgp) modifiers. Every lane l of a wave loads one float of a (a[l]) and
// one of b (b[l]); each output is a set of independent outer products
// D[blk] = A[blk] * B[blk] + C[blk], one set per wave of the 1D grid.
//   d1: v_mfma_f32_16x16x1f32 (4 blocks of 16x16) cbsz:1 abid:1 blgp:3
//   d2: v_mfma_f32_16x16x1f32 cbsz:2 abid:2 blgp:6
//   d3: v_mfma_f32_4x4x1f32 (16 blocks of 4x4) cbsz:3 abid:5 blgp:1
// c16 / d1 / d2 are 4 blocks of 16x16 and c4 / d3 16 blocks of 4x4, each
// block row-major, block after block. Accumulator register r of lane l is
// block r / 4, element [4 * (l / 16) + r % 4][l % 16] for 16x16x1 and
// block l / 4, element [r][l % 4] for 4x4x1. The reference (reference.cc)
// models which lanes' a and b each block reads.
__kernel void mfma_bcast(__global float* d1, __global float* d2, __global float* d3,
                         __global const float* a, __global const float* b,
                         __global const float* c16, __global const float* c4) {
  uint lane = lid(0) & 63, w = gid(0) >> 6;
  float av = a[w * 64 + lane], bv = b[w * 64 + lane];
  c16 += w * 1024;
  d1 += w * 1024;
  d2 += w * 1024;
  c4 += w * 256;
  d3 += w * 256;
  uint col = lane & 15, grp = lane >> 4;
  float16 c;
#pragma unroll
  for (int r = 0; r < 16; ++r) c[r] = c16[(r / 4) * 256 + (4 * grp + r % 4) * 16 + col];
  float16 x = __builtin_amdgcn_mfma_f32_16x16x1f32(av, bv, c, 1, 1, 3);
  float16 y = __builtin_amdgcn_mfma_f32_16x16x1f32(av, bv, c, 2, 2, 6);
#pragma unroll
  for (int r = 0; r < 16; ++r) {
    uint o = (r / 4) * 256 + (4 * grp + r % 4) * 16 + col;
    d1[o] = x[r];
    d2[o] = y[r];
  }
  float4 s;
#pragma unroll
  for (int r = 0; r < 4; ++r) s[r] = c4[(lane / 4) * 16 + r * 4 + lane % 4];
  s = __builtin_amdgcn_mfma_f32_4x4x1f32(av, bv, s, 3, 5, 1);
#pragma unroll
  for (int r = 0; r < 4; ++r) d3[(lane / 4) * 16 + r * 4 + lane % 4] = s[r];
}
