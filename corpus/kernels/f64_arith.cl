#include "kcommon.h"
// Double precision: fma, division, square root.
__kernel void f64_arith(__global double* out, __global const double* a, __global const double* b, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  double x = a[i], y = b[i];
  __global double* o = out + 4 * i;
  o[0] = __builtin_fma(x, y, 0.25);
  o[1] = x / y;
  o[2] = __builtin_sqrt(__builtin_fabs(x));
  o[3] = x - y * 3.0;
}
