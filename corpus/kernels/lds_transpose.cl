#include "kcommon.h"
// Matrix transpose through a 16x16 LDS tile; 2D grid, rows x cols input.
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void lds_transpose(__global float* out, __global const float* in, uint rows, uint cols) {
  __local float tile[16][17];
  uint tx = lid(0), ty = lid(1);
  uint x = group_id(0) * 16 + tx, y = group_id(1) * 16 + ty;
  if (x < cols && y < rows) tile[ty][tx] = in[y * cols + x];
  barrier_local();
  uint ox = group_id(1) * 16 + tx, oy = group_id(0) * 16 + ty;
  if (ox < rows && oy < cols) out[oy * rows + ox] = tile[tx][ty];
}
