// Work-item geometry without the device library: ids from the builtins,
// sizes from the AQL dispatch packet (hsa_kernel_dispatch_packet_t:
// workgroup_size_x/y/z are uint16 at byte 4/6/8, grid_size_x/y/z uint32 at
// byte 12/16/20).
#pragma once

typedef __constant unsigned short* kc_u16p;
typedef __constant unsigned int* kc_u32p;

static inline uint local_size(int d) {
  return ((kc_u16p)__builtin_amdgcn_dispatch_ptr())[2 + d];
}
static inline uint grid_size(int d) {
  return ((kc_u32p)__builtin_amdgcn_dispatch_ptr())[3 + d];
}
static inline uint lid(int d) {
  return d == 0 ? __builtin_amdgcn_workitem_id_x()
       : d == 1 ? __builtin_amdgcn_workitem_id_y()
                : __builtin_amdgcn_workitem_id_z();
}
static inline uint group_id(int d) {
  return d == 0 ? __builtin_amdgcn_workgroup_id_x()
       : d == 1 ? __builtin_amdgcn_workgroup_id_y()
                : __builtin_amdgcn_workgroup_id_z();
}
static inline uint gid(int d) { return group_id(d) * local_size(d) + lid(d); }
static inline uint flat_lid(void) {
  return (lid(2) * local_size(1) + lid(1)) * local_size(0) + lid(0);
}
static inline void barrier_local(void) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
