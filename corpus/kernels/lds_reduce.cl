#include "kcommon.h"
// Work-group sum reduction in LDS (256 work-items = 4 waves, barriers).
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void lds_reduce(__global uint* sums, __global const uint* a, uint n) {
  __local uint buf[256];
  uint l = lid(0), i = gid(0);
  buf[l] = i < n ? a[i] : 0;
  barrier_local();
  for (uint s = 128; s > 0; s >>= 1) {
    if (l < s) buf[l] += buf[l + s];
    barrier_local();
  }
  if (l == 0) sums[group_id(0)] = buf[0];
}
