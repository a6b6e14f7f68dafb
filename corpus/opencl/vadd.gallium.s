# vadd(const global uint* a, const global uint* b, global uint* c, uint n)
#   i = group_id.x * local_size.x + local_id.x
#   if (i < n) c[i] = a[i] + b[i]
#
# GalliumCompute (Mesa Clover) program binary, 64-bit ELF. One source for
# GCN 1.0, 1.1, 1.2 and 1.4: clrxasm -b gallium -g tahiti|spectre|fiji|gfx900
# -I corpus/opencl.
#
# GCN 1.0-1.2, the old ABI (LLVM 3.9: .AMDGPU.config, no amd_kernel_code_t):
#   s[0:1]   kernel input: dwords 0-2 group counts, 3-5 global size,
#            6-8 local size, then the arguments from byte 36 (each aligned
#            counting from byte 36):
#            a @36, b @44, c @52 (8 bytes each), n @60 (4 bytes)
#   s[2:3]   scratch address (not used)
#   s4       work-group id x (4 user SGPRs)
# GCN 1.4, the AMDHSA ABI (LLVM >= 4.0: amd_kernel_code_t in front of the code):
#   s[0:3]   private segment buffer (not used)
#   s[4:5]   dispatch packet: dword 1 bits 0-15 = local size x
#   s[6:7]   kernel arguments from byte 0: a @0, b @8, c @16, n @24
#   s8       work-group id x (8 user SGPRs)
# v0 = local id x. Memory: buffer_* with addr64 and a V# the kernel builds
# (base 0) on GCN 1.0, flat_* on GCN 1.1/1.2, global_* on GCN 1.4.
.include "gallium.inc"

.kernel vadd
    .args
        .arg global, 8                              # a
        .arg global, 8                              # b
        .arg global, 8                              # c
        .arg scalar, 4                              # n
    .config
        .dims x
        hsa_config
.text
vadd:
        hsa_code_start
        lsize_load s12
        s_load_dwordx4 s[16:19], argp, (ARGS+0)/UNIT    # a, b
        s_load_dwordx2 s[20:21], argp, (ARGS+16)/UNIT   # c
        s_load_dword s22, argp, (ARGS+24)/UNIT          # n
        make_vsharp
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        lsize_mask s12
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
