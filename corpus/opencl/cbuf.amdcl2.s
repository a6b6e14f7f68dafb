# cbuf(global uint* out, constant uint* coef, uint n), program-scope
# constant G = {1000, 2000, 3000, 4000} in the global data (.globaldata)
#   i = group_id.x * local_size.x + local_id.x
#   if (i < n) out[i] = coef[i & 7] * i + G[i & 3]
#
# AMD OpenCL 2.0 program binary, 64-bit. One source for GCN 1.1, 1.2 and
# 1.4: clrxasm -b amdcl2 -g spectre|fiji|gfx900 -I corpus/opencl.
# G's address reaches the code through two relocations in the inner
# binary's .rela.hsatext (R_AMDGPU_ABS32_LO = 1 and R_AMDGPU_ABS32_HI = 2
# against the global-data section symbol, addend 0) on the literals of the
# two s_mov_b32 below: the loader writes the low and high 32 bits of the
# global data's address there.
#
# Entry state (AmdCl2Abi.md with .useargs and .usesetup, as clrxasm writes
# amd_kernel_code_t: private_segment_buffer, dispatch_ptr, kernarg_segment_ptr,
# and on GCN 1.4 also flat_scratch_init):
#   s[0:3]   scratch buffer resource (not used)
#   s[4:5]   setup buffer (the dispatch packet): dword 1 bits 0-15 = local size x
#   s[6:7]   argument buffer: 6 setup arguments of 8 bytes, then
#            out @48, coef @56 (8 bytes each), n @64 (4 bytes)
#   s[8:9]   GCN 1.4 only: flat scratch init (not used)
#   s8       work-group id x on GCN 1.1/1.2 (8 user SGPRs)
#   s10      work-group id x on GCN 1.4 (10 user SGPRs)
#   v0       local id x
# Memory through 64-bit addresses: flat_* on GCN 1.1/1.2, global_* on GCN 1.4.
.include "amdcl2.inc"

.globaldata
gdata:
    .int 1000, 2000, 3000, 4000     # G

.kernel cbuf
    .config
        .dims x
        cl2_entry
        .arg out, "uint*", uint*, global
        .arg coef, "uint*", uint*, constant, const
        .arg n, "uint", uint
    .text
        s_load_dword s12, s[4:5], 4/UNIT            # workgroup_size_x | y << 16
        s_load_dwordx4 s[16:19], s[6:7], 48/UNIT    # out, coef
        s_load_dword s20, s[6:7], 64/UNIT           # n
        s_mov_b32 s22, gdata & 0xffffffff           # address of G (relocated)
        s_mov_b32 s23, gdata >> 32
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        s_and_b32 s12, s12, 0xffff                  # local size x
        index_guard s12, s20, s[24:25]              # v0 = i, i < n
        v_and_b32 v1, 7, v0
        v_lshlrev_b32 v1, 2, v1                     # (i & 7)*4
        addr64 v2, v3, s18, s19, v1                 # &coef[i & 7]
        v_and_b32 v1, 3, v0
        v_lshlrev_b32 v1, 2, v1                     # (i & 3)*4
        addr64 v4, v5, s22, s23, v1                 # &G[i & 3]
        gload v2, v[2:3]
        gload v4, v[4:5]
        v_lshlrev_b32 v1, 2, v0                     # i*4
        addr64 v6, v7, s16, s17, v1                 # &out[i]
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        v_mul_lo_u32 v2, v2, v0                     # coef[i & 7] * i
        vadd_co v2, v2, v4                          # + G[i & 3]
        gstore v[6:7], v2
        s_waitcnt vmcnt(0) & lgkmcnt(0)
done:
        s_endpgm
