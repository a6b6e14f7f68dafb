#include "kcommon.h"
// D = A * B + C with one v_mfma_f64_16x16x4f64 per wave (gfx90a and later):
// A 16x4, B 4x16, C and D 16x16 doubles, all row-major, one matrix set per
// wave of the 1D grid (whole 64-lane waves). Lane l holds A[l % 16][l / 16]
// and B[l / 16][l % 16]; accumulator element r of lane l (a register pair)
// is C/D[4 * r + l / 16][l % 16].
__kernel void mfma_f64(__global double* d, __global const double* a, __global const double* b,
                       __global const double* c) {
  uint lane = lid(0) & 63, w = gid(0) >> 6;
  a += w * 64;
  b += w * 64;
  c += w * 256;
  d += w * 256;
  uint col = lane & 15, grp = lane >> 4;
  double av = a[col * 4 + grp], bv = b[grp * 16 + col];
  double4 acc;
#pragma unroll
  for (int r = 0; r < 4; ++r) acc[r] = c[(4 * r + grp) * 16 + col];
  acc = __builtin_amdgcn_mfma_f64_16x16x4f64(av, bv, acc, 0, 0, 0);
#pragma unroll
  for (int r = 0; r < 4; ++r) d[(4 * r + grp) * 16 + col] = acc[r];
}
