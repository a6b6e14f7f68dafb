# cbuf(global uint* out, constant uint* coef, uint n), program-scope
# constant G = {1000, 2000, 3000, 4000} at the start of .rodata
#   i = group_id.x * local_size.x + local_id.x
#   if (i < n) out[i] = coef[i & 7] * i + G[i & 3]
#
# GalliumCompute (Mesa Clover) program binary, 64-bit ELF. One source for
# GCN 1.0, 1.1, 1.2 and 1.4: clrxasm -b gallium -g tahiti|spectre|fiji|gfx900.
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
.gallium
.64bit
.driver_version 170200          # Mesa 17.2
.get_arch ARCH                  # 0 = GCN 1.0, 1 = 1.1, 2 = 1.2, 3 = 1.4
.if ARCH >= 3
    .llvm_version 50000         # AMDHSA form
    .set HSA, 1
    .set ARGS, 0                # first argument's byte offset
    argp = %s[6:7]
    gid = %s8
.else
    .llvm_version 30900         # old form
    .set HSA, 0
    .set ARGS, 36
    argp = %s[0:1]
    gid = %s4
.endif
.if ARCH >= 2
    .set UNIT, 1                # SMEM immediate offsets count bytes
.else
    .set UNIT, 4                # SMRD immediate offsets count dwords
.endif

# dst = src0 + src1, carry out to VCC
.macro vadd_co dst, src0, src1
  .if ARCH >= 3
    v_add_co_u32 \dst, vcc, \src0, \src1
  .elseif ARCH == 2
    v_add_u32 \dst, vcc, \src0, \src1
  .else
    v_add_i32 \dst, vcc, \src0, \src1
  .endif
.endm
# v[lo:hi] = s[slo:shi] + voff (64-bit address plus a 32-bit byte offset)
.macro addr64 lo, hi, slo, shi, voff
    vadd_co \lo, \slo, \voff
    v_mov_b32 \hi, \shi
  .if ARCH >= 3
    v_addc_co_u32 \hi, vcc, 0, \hi, vcc
  .else
    v_addc_u32 \hi, vcc, 0, \hi, vcc
  .endif
.endm
# GCN 1.0 reaches 64-bit addresses with MUBUF addr64 through s[28:31]
.macro gload dst, addr
  .if ARCH >= 3
    global_load_dword \dst, \addr, off
  .elseif ARCH >= 1
    flat_load_dword \dst, \addr
  .else
    buffer_load_dword \dst, \addr, s[28:31], 0 addr64
  .endif
.endm
.macro gstore addr, src
  .if ARCH >= 3
    global_store_dword \addr, \src, off
  .elseif ARCH >= 1
    flat_store_dword \addr, \src
  .else
    buffer_store_dword \src, \addr, s[28:31], 0 addr64
  .endif
.endm
# s[28:31] = V#: base 0, stride 0, NUM_RECORDS 0xffffffff, DST_SEL XYZW,
# NUM_FORMAT UINT, DATA_FORMAT 32 (GCN 1.0 only)
.macro make_vsharp
  .if ARCH == 0
    s_mov_b32 s28, 0
    s_mov_b32 s29, 0
    s_mov_b32 s30, -1
    s_mov_b32 s31, 0x24fac
  .endif
.endm

.rodata
    .int 1000, 2000, 3000, 4000     # G, at .rodata offset 0

.kernel cbuf
    .args
        .arg global, 8                              # out
        .arg constant, 8                            # coef (constant uint*)
        .arg scalar, 4                              # n
    .config
        .dims x
    .if HSA
        .default_hsa_features
    .endif
.text
cbuf:
    .if HSA
        .skip 256                                   # amd_kernel_code_t
        s_load_dword s12, s[4:5], 4/UNIT            # workgroup_size_x | y << 16
    .else
        s_load_dword s12, s[0:1], 24/UNIT           # local size x
    .endif
        s_load_dwordx4 s[16:19], argp, (ARGS+0)/UNIT    # out, coef
        s_load_dword s20, argp, (ARGS+16)/UNIT          # n
        s_getpc_b64 s[22:23]
pc_base:
        s_add_u32 s22, s22, text_end - pc_base      # address of G = end of .text
        s_addc_u32 s23, s23, 0
        make_vsharp
        s_waitcnt vmcnt(0) & lgkmcnt(0)
    .if HSA
        s_and_b32 s12, s12, 0xffff                  # local size x
    .endif
        s_mul_i32 s12, gid, s12                     # group_id.x * local_size.x
        vadd_co v0, s12, v0                         # v0 = i
        v_cmp_gt_u32 vcc, s20, v0                   # n > i
        s_and_saveexec_b64 s[24:25], vcc
        s_cbranch_execz done
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
