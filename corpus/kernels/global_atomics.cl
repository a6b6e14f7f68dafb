#include "kcommon.h"
// Global atomics from many work-groups: histogram, sum, min, max, or, xchg-free.
__kernel void global_atomics(__global uint* hist, __global uint* stats, __global const uint* a, uint n) {
  uint i = gid(0);
  if (i >= n) return;
  uint x = a[i];
  __atomic_fetch_add(&hist[x & 15], 1u, __ATOMIC_RELAXED);
  __atomic_fetch_add(&stats[0], x, __ATOMIC_RELAXED);
  __atomic_fetch_min(&stats[1], x, __ATOMIC_RELAXED);
  __atomic_fetch_max(&stats[2], x, __ATOMIC_RELAXED);
  __atomic_fetch_or(&stats[3], 1u << (x & 31), __ATOMIC_RELAXED);
  __atomic_fetch_xor(&stats[4], x, __ATOMIC_RELAXED);
  uint expected = stats[5];
  // compare-and-swap loop: stats[5] = max over (x * 7 mod 1000)
  uint want = (x * 7) % 1000;
  while (expected < want &&
         !__atomic_compare_exchange_n(&stats[5], &expected, want, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
}
