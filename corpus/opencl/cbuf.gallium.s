# cbuf(global uint* out, constant uint* coef, uint n), program-scope
# constant G = {1000, 2000, 3000, 4000} at the start of .rodata
#   i = group_id.x * local_size.x + local_id.x
#   if (i < n) out[i] = coef[i & 7] * i + G[i & 3]
#
# GalliumCompute (Mesa Clover) program binary, 64-bit ELF. One source for
# GCN 1.0, 1.1, 1.2 and 1.4: clrxasm -b gallium -g tahiti|spectre|fiji|gfx900
# -I corpus/opencl.
# G is reached PC-relative (GalliumAbi.md): the loader places .rodata
# directly after the last byte of .text (as radeonsi uploads code then
# rodata), so G = (address after s_getpc_b64) + (text_end - pc_base).
#
# GCN 1.0-1.2, the old ABI (LLVM 3.9: .AMDGPU.config, no amd_kernel_code_t):
#   s[0:1]   kernel input: dwords 0-2 group counts, 3-5 global size,
#            6-8 local size, then the arguments from byte 36 (each aligned
#            counting from byte 36):
#            out @36, coef @44 (8 bytes each), n @52 (4 bytes)
#   s[2:3]   scratch address (not used)
#   s4       work-group id x (4 user SGPRs)
# GCN 1.4, the AMDHSA ABI (LLVM >= 4.0: amd_kernel_code_t in front of the code):
#   s[0:3]   private segment buffer (not used)
#   s[4:5]   dispatch packet: dword 1 bits 0-15 = local size x
#   s[6:7]   kernel arguments from byte 0: out @0, coef @8, n @16
#   s8       work-group id x (8 user SGPRs)
# v0 = local id x. Memory: buffer_* with addr64 and a V# the kernel builds
# (base 0) on GCN 1.0, flat_* on GCN 1.1/1.2, global_* on GCN 1.4.
.include "gallium.inc"

.rodata
    .int 1000, 2000, 3000, 4000     # G, at .rodata offset 0

.kernel cbuf
    .args
        .arg global, 8                              # out
        .arg constant, 8                            # coef (constant uint*)
        .arg scalar, 4                              # n
    .config
        .dims x
        hsa_config
.text
cbuf:
        hsa_code_start
        lsize_load s12
        s_load_dwordx4 s[16:19], argp, (ARGS+0)/UNIT    # out, coef
        s_load_dword s20, argp, (ARGS+16)/UNIT          # n
        s_getpc_b64 s[22:23]
pc_base:
        s_add_u32 s22, s22, text_end - pc_base      # address of G = end of .text
        s_addc_u32 s23, s23, 0
        make_vsharp
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        lsize_mask s12
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
text_end:
