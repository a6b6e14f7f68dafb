#include "kcommon.h"
// A mix of 32-bit integer ALU operations: 8 results per element.
__kernel void int_ops(__global uint* out, __global const uint* a, __global const uint* b, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  uint x = a[i], y = b[i];
  __global uint* o = out + 8 * i;
  o[0] = x * y + (x ^ y);
  o[1] = (uint)(((ulong)x * y) >> 32);
  o[2] = (x << (y & 31)) | (x >> ((32 - (y & 31)) & 31));  // rotate left
  o[3] = (uint)((int)x >> (y & 31));
  o[4] = __builtin_popcount(x) + (x ? __builtin_clz(x) : 32) * 64;
  o[5] = (int)x < (int)y ? x : y;
  o[6] = (x >> 8) & 0xfff;
  o[7] = x > y ? x - y : y - x;
}
