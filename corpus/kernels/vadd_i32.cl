#include "kcommon.h"
// c[i] = a[i] + b[i]; the simplest kernel, partial last work-group allowed.
__kernel void vadd_i32(__global int* c, __global const int* a, __global const int* b, uint n) {
  uint i = gid(0);
  if (i < n) c[i] = a[i] + b[i];
}
