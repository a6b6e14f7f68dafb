#include "kcommon.h"
// Inclusive prefix sum per work-group (Hillis-Steele, double buffered in LDS).
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void lds_scan(__global int* out, __global const int* a, uint n) {
  __local int buf[2][128];
  uint l = lid(0), i = gid(0);
  int cur = 0;
  buf[0][l] = i < n ? a[i] : 0;
  barrier_local();
  for (uint off = 1; off < 128; off <<= 1) {
    int v = buf[cur][l];
    if (l >= off) v += buf[cur][l - off];
    buf[1 - cur][l] = v;
    cur = 1 - cur;
    barrier_local();
  }
  if (i < n) out[i] = buf[cur][l];
}
