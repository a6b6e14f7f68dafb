# vadd(const global uint* a, const global uint* b, global uint* c, uint n)
#   i = group_id.x * local_size.x + local_id.x
#   if (i < n) c[i] = a[i] + b[i]
#
# AMD OpenCL 2.0 program binary, 64-bit. One source for GCN 1.1, 1.2 and
# 1.4: clrxasm -b amdcl2 -g spectre|fiji|gfx900 -I corpus/opencl.
#
# Entry state (AmdCl2Abi.md with .useargs and .usesetup, as clrxasm writes
# amd_kernel_code_t: private_segment_buffer, dispatch_ptr, kernarg_segment_ptr,
# and on GCN 1.4 also flat_scratch_init):
#   s[0:3]   scratch buffer resource (not used)
#   s[4:5]   setup buffer (the dispatch packet): dword 1 bits 0-15 = local size x
#   s[6:7]   argument buffer: 6 setup arguments of 8 bytes, then
#            a @48, b @56, c @64 (8 bytes each), n @72 (4 bytes)
#   s[8:9]   GCN 1.4 only: flat scratch init (not used)
#   s8       work-group id x on GCN 1.1/1.2 (8 user SGPRs)
#   s10      work-group id x on GCN 1.4 (10 user SGPRs)
#   v0       local id x
# Memory through 64-bit addresses: flat_* on GCN 1.1/1.2, global_* on GCN 1.4.
.include "amdcl2.inc"

.kernel vadd
    .config
        .dims x
        cl2_entry
        .arg a, "uint*", uint*, global, const
        .arg b, "uint*", uint*, global, const
        .arg c, "uint*", uint*, global
        .arg n, "uint", uint
    .text
        s_load_dword s12, s[4:5], 4/UNIT            # workgroup_size_x | y << 16
        s_load_dwordx4 s[16:19], s[6:7], 48/UNIT    # a, b
        s_load_dwordx2 s[20:21], s[6:7], 64/UNIT    # c
        s_load_dword s22, s[6:7], 72/UNIT           # n
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        s_and_b32 s12, s12, 0xffff                  # local size x
        index_guard s12, s22, s[24:25]              # v0 = i, i < n
        v_lshlrev_b32 v1, 2, v0                     # i*4
        addr64 v2, v3, s16, s17, v1                 # &a[i]
        addr64 v4, v5, s18, s19, v1                 # &b[i]
        addr64 v6, v7, s20, s21, v1                 # &c[i]
        gload v2, v[2:3]
        gload v4, v[4:5]
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        vadd_co v2, v2, v4
        gstore v[6:7], v2
        s_waitcnt vmcnt(0) & lgkmcnt(0)
done:
        s_endpgm
