# reduce(const global uint* in, global uint* out), local size 256 (4 waves)
#   lds[l] = in[group*256 + l]                       l = local id x
#   for h = 128, 64, ..., 1: barrier, then lds[l] += lds[l + h] for l < h
#   out[group] = lds[0]                              (wave 0, lane 0)
#
# AMD OpenCL 2.0 program binary, 64-bit. One source for GCN 1.1, 1.2 and
# 1.4: clrxasm -b amdcl2 -g spectre|fiji|gfx900 -I corpus/opencl.
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
.include "amdcl2.inc"

.kernel reduce
    .config
        .dims x
        .cws 256, 1, 1
        .localsize 1024
        cl2_entry
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
