#include "kcommon.h"
// 3D grid: each work-item writes a code of its global and local ids.
__kernel void grid3d(__global uint* out, uint nx, uint ny, uint nz) {
  uint x = gid(0), y = gid(1), z = gid(2);
  if (x >= nx || y >= ny || z >= nz) return;
  uint idx = (z * ny + y) * nx + x;
  out[idx] = (group_id(2) << 24) | (group_id(1) << 16) | (group_id(0) << 8) | flat_lid();
}
