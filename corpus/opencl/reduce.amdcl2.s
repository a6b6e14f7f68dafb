# reduce(const global uint* in, global uint* out), local size 256 (4 waves)
#   lds[l] = in[group*256 + l]                       l = local id x
#   for h = 128, 64, ..., 1: barrier, then lds[l] += lds[l + h] for l < h
#   out[group] = lds[0]                              (wave 0, lane 0)
#
# AMD OpenCL 2.0 program binary, 64-bit. One source for GCN 1.1, 1.2 and
# 1.4: clrxasm -b amdcl2 -g spectre|fiji|gfx900.
# 1024 bytes of static LDS (.localsize), reqd_work_group_size 256,1,1.
#
# Entry state (AmdCl2Abi.md with .useargs and .usesetup, as clrxasm writes
# amd_kernel_code_t: private_segment_buffer, dispatch_ptr, kernarg_segment_ptr,
# and on GCN 1.4 also flat_scratch_init):
#   s[0:3]   scratch buffer resource (not used)
#   s[4:5]   setup buffer (the dispatch packet, not read)
#   s[6:7]   argument buffer: 6 setup arguments of 8 bytes, then
#            in @48, out @56
#   s[8:9]   GCN 1.4 only: flat scratch init (not used)
#   s8       work-group id x on GCN 1.1/1.2 (8 user SGPRs)
#   s10      work-group id x on GCN 1.4 (10 user SGPRs)
#   v0       local id x (0..255)
# Memory through 64-bit addresses: flat_* on GCN 1.1/1.2, global_* on GCN 1.4.
.amdcl2
.64bit
.get_arch ARCH                  # 1 = GCN 1.1, 2 = GCN 1.2, 3 = GCN 1.4
.if ARCH >= 3
    .driver_version 223600      # the first driver CLRX knows with GFX900
    gid = %s10
.else
    .driver_version 200406
    gid = %s8
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
.macro gload dst, addr
  .if ARCH >= 3
    global_load_dword \dst, \addr, off
  .else
    flat_load_dword \dst, \addr
  .endif
.endm
.macro gstore addr, src
  .if ARCH >= 3
    global_store_dword \addr, \src, off
  .else
    flat_store_dword \addr, \src
  .endif
.endm

.kernel reduce
    .config
        .dims x
        .cws 256, 1, 1
        .localsize 1024
        .useargs
        .usesetup
        .setupargs
        .arg in, "uint*", uint*, global, const
        .arg out, "uint*", uint*, global
    .text
        s_load_dwordx4 s[16:19], s[6:7], 48/UNIT    # in, out
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
