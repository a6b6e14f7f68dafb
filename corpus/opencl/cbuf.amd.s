# cbuf(global uint* out, constant uint* coef, uint n), program-scope
# constant G = {1000, 2000, 3000, 4000} in the global data (.globaldata)
#   i = group_id.x * local_size.x + local_id.x
#   if (i < n) out[i] = coef[i & 7] * i + G[i & 3]
#
# AMD OpenCL 1.2 (Catalyst) program binary, 32-bit. One source for
# GCN 1.0, 1.1 and 1.2: clrxasm -b amd -g tahiti|spectre|fiji -I corpus/opencl.
#
# Entry state (AmdAbi.md, the .userdata entries of amd_userdata, amd.inc):
#   s[2:3]   PTR_UAV_TABLE: 32-byte entries by resource id; out=12, coef=13
#            (a constant pointer, ";pointer:coef:...:c:13" in the metadata),
#            global data = cbid 10
#   s[4:7]   IMM_CONST_BUFFER 0 (V#): setup, dword 4 = local size x,
#            dword 32 = address of the global data (32-bit binary)
#   s[8:11]  IMM_CONST_BUFFER 1 (V#): arguments out @0, coef @16, n @32
#   s12      work-group id x
#   v0       local id x
.include "amd.inc"

.globaldata
    .int 1000, 2000, 3000, 4000     # G

.kernel cbuf
    .config
        .dims x
        .useconstdata
        amd_userdata
        .arg out, "uint*", uint*, global
        .arg coef, "uint*", uint*, constant, const
        .arg n, "uint", uint
    .text
        s_buffer_load_dword s0, s[4:7], 16/UNIT     # CB0 dword 4: local size x
        s_buffer_load_dword s1, s[4:7], 128/UNIT    # CB0 dword 32: address of G
        s_buffer_load_dword s13, s[8:11], 0/UNIT    # out
        s_buffer_load_dword s14, s[8:11], 16/UNIT   # coef
        s_buffer_load_dword s15, s[8:11], 32/UNIT   # n
        s_load_dwordx4 s[16:19], s[2:3], 12*32/UNIT # V# of out (UAV 12)
        s_load_dwordx4 s[20:23], s[2:3], 13*32/UNIT # V# of coef (13)
        s_load_dwordx4 s[24:27], s[2:3], 10*32/UNIT # V# of the global data (cbid 10)
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        index_guard s0, s15, s[28:29]               # v0 = i, i < n
        v_and_b32 v1, 7, v0
        v_lshlrev_b32 v1, 2, v1
        vadd_co v1, s14, v1                         # coef + (i & 7)*4
        v_and_b32 v2, 3, v0
        v_lshlrev_b32 v2, 2, v2
        vadd_co v2, s1, v2                          # G + (i & 3)*4
        buffer_load_dword v1, v1, s[20:23], 0 offen
        buffer_load_dword v2, v2, s[24:27], 0 offen
        v_lshlrev_b32 v3, 2, v0
        vadd_co v3, s13, v3                         # out + i*4
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        v_mul_lo_u32 v1, v1, v0                     # coef[i & 7] * i
        vadd_co v1, v1, v2                          # + G[i & 3]
        buffer_store_dword v1, v3, s[16:19], 0 offen
        s_waitcnt vmcnt(0) & lgkmcnt(0)
done:
        s_endpgm
