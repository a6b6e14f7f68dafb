#include "kcommon.h"
// Bit manipulation the compiler maps onto v_bfe/v_bfi/v_alignbit/v_ffbh.
__kernel void bitfield(__global uint* out, __global const uint* a, __global const uint* b, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  uint x = a[i], y = b[i];
  uint off = y & 15, w = (y >> 4) & 15;
  __global uint* o = out + 5 * i;
  o[0] = w ? (x >> off) & ((1u << w) - 1) : 0;
  o[1] = (x & 0xff00ff00u) | (y & 0x00ff00ffu);
  o[2] = (uint)((((ulong)x << 32) | y) >> (y & 31));
  o[3] = x ? 31 - __builtin_clz(x) : 0xffffffffu;
  o[4] = __builtin_bitreverse32(x) ^ __builtin_ctz(y | 0x80000000u);
}
