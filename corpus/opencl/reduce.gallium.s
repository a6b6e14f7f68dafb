# reduce(const global uint* in, global uint* out), local size 256 (4 waves)
#   lds[l] = in[group*256 + l]                       l = local id x
#   for h = 128, 64, ..., 1: barrier, then lds[l] += lds[l + h] for l < h
#   out[group] = lds[0]                              (wave 0, lane 0)
#
# GalliumCompute (Mesa Clover) program binary, 64-bit ELF. One source for
# GCN 1.0, 1.1, 1.2 and 1.4: clrxasm -b gallium -g tahiti|spectre|fiji|gfx900
# -I corpus/opencl.
# 1024 bytes of static LDS (.localsize). The format has no
# reqd_work_group_size: the kernel must be launched with 256,1,1.
#
# GCN 1.0-1.2, the old ABI (LLVM 3.9: .AMDGPU.config, no amd_kernel_code_t):
#   s[0:1]   kernel input: dwords 0-8 grid (not read), then the arguments
#            from byte 36: in @36, out @44
#   s[2:3]   scratch address (not used)
#   s4       work-group id x (4 user SGPRs)
# GCN 1.4, the AMDHSA ABI (LLVM >= 4.0: amd_kernel_code_t in front of the code):
#   s[0:3]   private segment buffer (not used)
#   s[4:5]   dispatch packet (not read)
#   s[6:7]   kernel arguments from byte 0: in @0, out @8
#   s8       work-group id x (8 user SGPRs)
# v0 = local id x (0..255). Memory: buffer_* with addr64 and a V# the kernel
# builds (base 0) on GCN 1.0, flat_* on GCN 1.1/1.2, global_* on GCN 1.4.
.include "gallium.inc"

.kernel reduce
    .args
        .arg global, 8                              # in
        .arg global, 8                              # out
    .config
        .dims x
        .localsize 1024
        hsa_config
.text
reduce:
        hsa_code_start
        s_load_dwordx4 s[16:19], argp, (ARGS+0)/UNIT    # in, out
        make_vsharp
        s_mov_b32 m0, -1                            # LDS limit for DS ops
        v_lshlrev_b32 v1, 2, v0                     # l*4: LDS address, offset in block
        s_lshl_b32 s12, gid, 10                     # group*256*4
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        s_add_u32 s16, s16, s12
        s_addc_u32 s17, s17, 0                      # in + group*1024
        addr64 v2, v3, s16, s17, v1
        gload v2, v[2:3]
        lds_sum256                                  # v2 = lds[0] in local id 0
        s_lshl_b32 s12, gid, 2
        s_add_u32 s18, s18, s12
        s_addc_u32 s19, s19, 0                      # out + group*4
        v_mov_b32 v4, s18
        v_mov_b32 v5, s19
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        gstore v[4:5], v2
        s_waitcnt vmcnt(0) & lgkmcnt(0)
done:
        s_endpgm
