# vadd(const global uint* a, const global uint* b, global uint* c, uint n)
#   i = group_id.x * local_size.x + local_id.x
#   if (i < n) c[i] = a[i] + b[i]
#
# AMD OpenCL 1.2 (Catalyst) program binary, 32-bit. One source for
# GCN 1.0, 1.1 and 1.2: clrxasm -b amd -g tahiti|spectre|fiji -I corpus/opencl.
#
# Entry state (AmdAbi.md, the .userdata entries of amd_userdata, amd.inc):
#   s[2:3]   PTR_UAV_TABLE: 32-byte entries by resource id; a=12, b=13, c=14
#   s[4:7]   IMM_CONST_BUFFER 0 (V#): setup, dword 4 = local size x
#   s[8:11]  IMM_CONST_BUFFER 1 (V#): arguments, 16 bytes each:
#            a @0, b @16, c @32, n @48
#   s12      work-group id x (first SGPR after the 12 user SGPRs)
#   v0       local id x
# Pointer arguments hold byte addresses: memory is read through the UAV
# entry's V# with the pointer (+ i*4) as the offset register (offen).
.include "amd.inc"

.kernel vadd
    .config
        .dims x
        amd_userdata
        .arg a, "uint*", uint*, global, const
        .arg b, "uint*", uint*, global, const
        .arg c, "uint*", uint*, global
        .arg n, "uint", uint
    .text
        s_buffer_load_dword s0, s[4:7], 16/UNIT     # CB0 dword 4: local size x
        s_buffer_load_dword s1, s[8:11], 0/UNIT     # a
        s_buffer_load_dword s13, s[8:11], 16/UNIT   # b
        s_buffer_load_dword s14, s[8:11], 32/UNIT   # c
        s_buffer_load_dword s15, s[8:11], 48/UNIT   # n
        s_load_dwordx4 s[16:19], s[2:3], 12*32/UNIT # V# of a (UAV 12)
        s_load_dwordx4 s[20:23], s[2:3], 13*32/UNIT # V# of b (UAV 13)
        s_load_dwordx4 s[24:27], s[2:3], 14*32/UNIT # V# of c (UAV 14)
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        index_guard s0, s15, s[28:29]               # v0 = i, i < n
        v_lshlrev_b32 v1, 2, v0                     # i*4
        vadd_co v2, s1, v1                          # a + i*4
        vadd_co v3, s13, v1                         # b + i*4
        vadd_co v4, s14, v1                         # c + i*4
        buffer_load_dword v2, v2, s[16:19], 0 offen
        buffer_load_dword v3, v3, s[20:23], 0 offen
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        vadd_co v2, v2, v3
        buffer_store_dword v2, v4, s[24:27], 0 offen
        s_waitcnt vmcnt(0) & lgkmcnt(0)
done:
        s_endpgm
