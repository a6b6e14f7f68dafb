# reduce(const global uint* in, global uint* out), local size 256 (4 waves)
#   lds[l] = in[group*256 + l]                       l = local id x
#   for h = 128, 64, ..., 1: barrier, then lds[l] += lds[l + h] for l < h
#   out[group] = lds[0]                              (wave 0, lane 0)
#
# AMD OpenCL 1.2 (Catalyst) program binary, 32-bit. One source for
# GCN 1.0, 1.1 and 1.2: clrxasm -b amd -g tahiti|spectre|fiji -I corpus/opencl.
# 1024 bytes of static LDS (.hwlocal), reqd_work_group_size 256,1,1.
#
# Entry state (AmdAbi.md, the .userdata entries of amd_userdata, amd.inc):
#   s[2:3]   PTR_UAV_TABLE: 32-byte entries by resource id; in=12, out=13
#   s[4:7]   IMM_CONST_BUFFER 0 (V#): setup (not read)
#   s[8:11]  IMM_CONST_BUFFER 1 (V#): arguments in @0, out @16
#   s12      work-group id x
#   v0       local id x (0..255)
.include "amd.inc"

.kernel reduce
    .config
        .dims x
        .cws 256, 1, 1
        .hwlocal 1024
        amd_userdata
        .arg in, "uint*", uint*, global, const
        .arg out, "uint*", uint*, global
    .text
        s_buffer_load_dword s0, s[8:11], 0/UNIT     # in
        s_buffer_load_dword s1, s[8:11], 16/UNIT    # out
        s_load_dwordx4 s[16:19], s[2:3], 12*32/UNIT # V# of in (UAV 12)
        s_load_dwordx4 s[20:23], s[2:3], 13*32/UNIT # V# of out (UAV 13)
        s_mov_b32 m0, -1                            # LDS limit for DS ops
        v_lshlrev_b32 v1, 2, v0                     # l*4: LDS address, offset in block
        s_lshl_b32 s13, gid, 10                     # group*256*4
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        s_add_u32 s0, s0, s13                       # in + group*1024
        vadd_co v2, s0, v1
        buffer_load_dword v2, v2, s[16:19], 0 offen
        lds_sum256                                  # v2 = lds[0] in local id 0
        s_lshl_b32 s13, gid, 2
        s_add_u32 s1, s1, s13                       # out + group*4
        v_mov_b32 v3, s1
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        buffer_store_dword v2, v3, s[20:23], 0 offen
        s_waitcnt vmcnt(0) & lgkmcnt(0)
done:
        s_endpgm
