#include "kcommon.h"
// Per-work-group histogram with LDS atomics, merged with global atomics.
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void lds_atomics(__global uint* hist, __global const uint* a, uint n) {
  __local uint h[32];
  uint l = lid(0), i = gid(0);
  if (l < 32) h[l] = 0;
  barrier_local();
  if (i < n) {
    __atomic_fetch_add(&h[a[i] & 31], 1u, __ATOMIC_RELAXED);
    __atomic_fetch_max(&h[(a[i] >> 5) & 31], 0u, __ATOMIC_RELAXED);
  }
  barrier_local();
  if (l < 32 && h[l]) __atomic_fetch_add(&hist[l], h[l], __ATOMIC_RELAXED);
}
