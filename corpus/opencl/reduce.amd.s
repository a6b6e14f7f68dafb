# reduce(const global uint* in, global uint* out), local size 256 (4 waves)
#   lds[l] = in[group*256 + l]                       l = local id x
#   for h = 128, 64, ..., 1: barrier, then lds[l] += lds[l + h] for l < h
#   out[group] = lds[0]                              (wave 0, lane 0)
#
# AMD OpenCL 1.2 (Catalyst) program binary, 32-bit. One source for
# GCN 1.0, 1.1 and 1.2: clrxasm -b amd -g tahiti|spectre|fiji.
# 1024 bytes of static LDS (.hwlocal), reqd_work_group_size 256,1,1.
#
# Entry state (AmdAbi.md, the .userdata entries below):
#   s[2:3]   PTR_UAV_TABLE: 32-byte entries by resource id; in=12, out=13
#   s[4:7]   IMM_CONST_BUFFER 0 (V#): setup (not read)
#   s[8:11]  IMM_CONST_BUFFER 1 (V#): arguments in @0, out @16
#   s12      work-group id x
#   v0       local id x (0..255)
.amd
.32bit
.driver_version 180005

.get_arch ARCH                  # 0 = GCN 1.0, 1 = GCN 1.1, 2 = GCN 1.2
.if ARCH >= 2
    .set UNIT, 1                # SMEM immediate offsets count bytes
.else
    .set UNIT, 4                # SMRD immediate offsets count dwords
.endif

.macro vadd_co dst, src0, src1
  .if ARCH >= 2
    v_add_u32 \dst, vcc, \src0, \src1
  .else
    v_add_i32 \dst, vcc, \src0, \src1
  .endif
.endm

.kernel reduce
    .config
        .dims x
        .cws 256, 1, 1
        .hwlocal 1024
        .userdata PTR_UAV_TABLE, 0, 2, 2
        .userdata IMM_CONST_BUFFER, 0, 4, 4
        .userdata IMM_CONST_BUFFER, 1, 8, 4
        .arg in, "uint*", uint*, global, const
        .arg out, "uint*", uint*, global
    .text
        s_buffer_load_dword s0, s[8:11], 0/UNIT     # in
        s_buffer_load_dword s1, s[8:11], 16/UNIT    # out
        s_load_dwordx4 s[16:19], s[2:3], 12*32/UNIT # V# of in (UAV 12)
        s_load_dwordx4 s[20:23], s[2:3], 13*32/UNIT # V# of out (UAV 13)
        s_mov_b32 m0, -1                            # LDS limit for DS ops
        v_lshlrev_b32 v1, 2, v0                     # l*4: LDS address, offset in block
        s_lshl_b32 s13, s12, 10                     # group*256*4
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        s_add_u32 s0, s0, s13                       # in + group*1024
        vadd_co v2, s0, v1
        buffer_load_dword v2, v2, s[16:19], 0 offen
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
        s_lshl_b32 s13, s12, 2
        s_add_u32 s1, s1, s13                       # out + group*4
        v_mov_b32 v3, s1
        s_waitcnt vmcnt(0) & lgkmcnt(0)
        buffer_store_dword v2, v3, s[20:23], 0 offen
        s_waitcnt vmcnt(0) & lgkmcnt(0)
done:
        s_endpgm
