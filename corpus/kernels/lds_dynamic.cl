#include "kcommon.h"
// A dynamically sized LDS argument (dynamic_shared_pointer): reverse
// each work-group's slice.
__kernel void lds_dynamic(__global int* out, __global const int* a, __local int* tmp, uint n) {
  uint l = lid(0), i = gid(0), ls = local_size(0);
  tmp[l] = i < n ? a[i] : 0;
  barrier_local();
  if (i < n) out[i] = tmp[ls - 1 - l];
}
