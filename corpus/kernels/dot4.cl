#include "kcommon.h"
// Signed 8-bit dot product with 32-bit accumulate: v_dot4_i32_i8 on gfx906,
// shifts and multiplies elsewhere. Same result on every target.
static inline int dot4_manual(int a, int b, int c) {
  for (int k = 0; k < 4; ++k)
    c += (int)(char)(a >> (8 * k)) * (int)(char)(b >> (8 * k));
  return c;
}
__kernel void dot4(__global int* out, __global const int* a, __global const int* b, uint n) {
  uint i = gid(0);
  if (i >= n) return;
#if defined(__gfx906__)
  out[i] = __builtin_amdgcn_sdot4(a[i], b[i], (int)i, false);
#else
  out[i] = dot4_manual(a[i], b[i], (int)i);
#endif
}
