#include "kcommon.h"
// 64-bit integer arithmetic: mul, div/rem (expanded), shifts, compares.
__kernel void i64_arith(__global ulong* out, __global const ulong* a, __global const ulong* b, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  ulong x = a[i], y = b[i] | 1;
  __global ulong* o = out + 6 * i;
  o[0] = x * y + (x >> 7);
  o[1] = x / y;
  o[2] = x % y;
  o[3] = (ulong)((long)x / (long)y);
  o[4] = (x << (y & 63)) ^ (ulong)((long)x >> 13);
  o[5] = (long)x < (long)y ? x - y : y + 0x123456789abcdefUL;
}
