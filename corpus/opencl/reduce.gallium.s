# reduce(const global uint* in, global uint* out), local size 256 (4 waves)
#   lds[l] = in[group*256 + l]                       l = local id x
#   for h = 128, 64, ..., 1: barrier, then lds[l] += lds[l + h] for l < h
#   out[group] = lds[0]                              (wave 0, lane 0)
#
# GalliumCompute (Mesa Clover) program binary, 64-bit ELF. One source for
# GCN 1.0, 1.1, 1.2 and 1.4: clrxasm -b gallium -g tahiti|spectre|fiji|gfx900.
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

.kernel reduce
    .args
        .arg global, 8                              # in
        .arg global, 8                              # out
    .config
        .dims x
        .localsize 1024
    .if HSA
        .default_hsa_features
    .endif
.text
reduce:
    .if HSA
        .skip 256                                   # amd_kernel_code_t
    .endif
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
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        ds_write_b32 v1, v2                         # lds[l] = in[group*256 + l]
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        s_barrier
    .irp h, 128, 64, 32, 16, 8, 4, 2, 1
        v_cmp_gt_u32 vcc, \h, v0                    # l < h
        s_and_saveexec_b64 s[24:25], vcc
        ds_read_b32 v2, v1
        ds_read_b32 v3, v1 offset:\h*4
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        vadd_co v2, v2, v3
        ds_write_b32 v1, v2                         # lds[l] += lds[l + h]
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        s_mov_b64 exec, s[24:25]
        s_barrier
    .endr
        v_cmp_eq_u32 vcc, 0, v0                     # local id 0: wave 0, lane 0
        s_and_saveexec_b64 s[24:25], vcc
        s_cbranch_execz done
        ds_read_b32 v2, v1                          # v1 = 0 here
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
