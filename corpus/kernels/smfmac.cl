#include "kcommon.h"
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// Sparse matrix products (4:2 structured A) on GFX940, one matrix set per
// wave of the 1D grid. A is given compressed: per row, each group of four
// dense k as its two stored values (a, ai8 rows of K / 2) and one index byte
// (ai, ai8: bits 1:0 the dense position of the first stored value, bits 3:2
// of the second). B (K x N), C and D (M x N) are dense; all row-major.
//   d:  v_smfmac_f32_16x16x32_f16 abid:2 (index set 2 of the index VGPR)
//   d8: v_smfmac_i32_16x16x64_i8 cbsz:1 abid:1 (cbsz != 0: index set 0)
// Lane l, i = l % 16, h = l / 16, holds the stored values of A row i for
// dense k 8h..8h+7 (f16) or 16h..16h+15 (i8), element e of its operand
// being stored value e of that range; B[8h + e][i] (f16) or B[16h + e][i]
// (i8) as element e; accumulator register r is D[4h + r][i]. The index
// VGPR holds the range's 4-bit fields, group by group, from the selected set.
__kernel void smfmac(__global float* d, __global int* d8, __global const half* a,
                     __global const uchar* ai, __global const half* b, __global const float* c,
                     __global const char* a8, __global const uchar* ai8,
                     __global const char* b8, __global const int* c8) {
  uint lane = lid(0) & 63, w = gid(0) >> 6;
  uint i = lane & 15, h = lane >> 4;
  // f16: 16 x 32 dense A (16 stored values, 8 index bytes a row).
  half4 av;
  half8 bv;
  float4 acc;
#pragma unroll
  for (int e = 0; e < 4; ++e) av[e] = a[w * 256 + i * 16 + 4 * h + e];
#pragma unroll
  for (int e = 0; e < 8; ++e) bv[e] = b[w * 512 + (8 * h + e) * 16 + i];
#pragma unroll
  for (int r = 0; r < 4; ++r) acc[r] = c[w * 256 + (4 * h + r) * 16 + i];
  int idx = (ai[w * 128 + i * 8 + 2 * h] | ai[w * 128 + i * 8 + 2 * h + 1] << 4) << 16;
  acc = __builtin_amdgcn_smfmac_f32_16x16x32_f16(av, bv, acc, idx, 0, 2);
#pragma unroll
  for (int r = 0; r < 4; ++r) d[w * 256 + (4 * h + r) * 16 + i] = acc[r];
  // i8: 16 x 64 dense A (32 stored values, 16 index bytes a row).
  int2 av8 = ((__global const int2*)(a8 + w * 512 + i * 32))[h];
  int4 bv8;
#pragma unroll
  for (int r = 0; r < 4; ++r) {
    uint x = 0;
#pragma unroll
    for (int e = 0; e < 4; ++e) x |= (uint)(uchar)b8[w * 1024 + (16 * h + 4 * r + e) * 16 + i] << (8 * e);
    bv8[r] = (int)x;
  }
  int4 acc8;
#pragma unroll
  for (int r = 0; r < 4; ++r) acc8[r] = c8[w * 256 + (4 * h + r) * 16 + i];
  int idx8 = 0;
#pragma unroll
  for (int g = 0; g < 4; ++g) idx8 |= ai8[w * 256 + i * 16 + 4 * h + g] << (4 * g);
  acc8 = __builtin_amdgcn_smfmac_i32_16x16x64_i8(av8, bv8, acc8, idx8, 1, 1);
#pragma unroll
  for (int r = 0; r < 4; ++r) d8[w * 256 + (4 * h + r) * 16 + i] = acc8[r];
}
