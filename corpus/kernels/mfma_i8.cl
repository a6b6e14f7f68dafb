#include "kcommon.h"
// D = A * B + C for signed 8-bit A (32x16) and B (16x32) and 32-bit C and D
// (32x32), all row-major, one matrix set per wave of the 1D grid (whole
// 64-lane waves); integer arithmetic, wrapping in 32 bits.
// gfx942: one v_mfma_i32_32x32x16_i8, lane l holding A[l % 32][8 * (l / 32)
// + e] and B[8 * (l / 32) + e][l % 32] in byte e of its 64-bit operands.
// gfx908 and gfx90a (which have no 32x32x16): two v_mfma_i32_32x32x8i8
// (k = 8 * step + 4 * (l / 32) + e for byte e of a 32-bit operand), the
// second accumulating onto the first. Accumulator register r of lane l is
// C/D[8 * (r / 4) + 4 * (l / 32) + r % 4][l % 32] for both.
__kernel void mfma_i8(__global int* d, __global const char* a, __global const char* b,
                      __global const int* c) {
  uint lane = lid(0) & 63, w = gid(0) >> 6;
  a += w * 512;
  b += w * 512;
  c += w * 1024;
  d += w * 1024;
  uint col = lane & 31, hi = lane >> 5;
  int16 acc;
#pragma unroll
  for (int r = 0; r < 16; ++r) acc[r] = c[(8 * (r / 4) + 4 * hi + r % 4) * 32 + col];
#if defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__)
  // Row col of A is 16 contiguous bytes: bytes 8 * hi .. 8 * hi + 7 in one load.
  long av = ((__global const long*)(a + col * 16))[hi];
  ulong bv = 0;
#pragma unroll
  for (int e = 0; e < 8; ++e) bv |= (ulong)(uchar)b[(8 * hi + e) * 32 + col] << (8 * e);
  acc = __builtin_amdgcn_mfma_i32_32x32x16_i8(av, (long)bv, acc, 0, 0, 0);
#else
#pragma unroll
  for (int step = 0; step < 2; ++step) {
    int av = ((__global const int*)(a + col * 16))[2 * step + hi];
    uint bv = 0;
#pragma unroll
    for (int e = 0; e < 4; ++e) bv |= (uint)(uchar)b[(8 * step + 4 * hi + e) * 32 + col] << (8 * e);
    acc = __builtin_amdgcn_mfma_i32_32x32x8i8(av, (int)bv, acc, 0, 0, 0);
  }
#endif
#pragma unroll
  for (int r = 0; r < 16; ++r) d[(8 * (r / 4) + 4 * hi + r % 4) * 32 + col] = acc[r];
}
