#!/usr/bin/env python3
"""Probe llvm-mc-19 (and llvm-mc-16 for comparison) with the non-MFMA CDNA additions
on gfx908/gfx90a/gfx940/gfx942.

Outputs:
  llvm19_other.csv       one row per (cpu, probe line)
  llvm19_processors.txt  `llvm-mc-19 -arch=amdgcn -mcpu=help`, `llvm-mc-16 ... -mcpu=help`,
                                   `clang-19 --target=amdgcn-amd-amdhsa -nogpulib -print-supported-cpus`
  llvm19_eflags.csv      ELF e_flags written by llvm-mc-19 / clang-19 / llvm-mc-16 per
                                   processor and xnack/sramecc setting
Run: python3 probe_llvm19_other.py
"""
import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import csv
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, HERE)
from mcprobe import assemble, cpu_known, disassemble, hexbytes  # noqa: E402

CPUS = ['gfx908', 'gfx90a', 'gfx940', 'gfx942']

P = []  # (category, text)


def add(cat, *lines):
    for l in lines:
        P.append((cat, l))


add('accvgpr',
    'v_accvgpr_read_b32 v0, a1',
    'v_accvgpr_read_b32 v255, a255',
    'v_accvgpr_read_b32 v0, v1',
    'v_accvgpr_read v0, a1',
    'v_accvgpr_write_b32 a0, v1',
    'v_accvgpr_write_b32 a255, v255',
    'v_accvgpr_write_b32 a0, s1',
    'v_accvgpr_write_b32 a0, 1',
    'v_accvgpr_write_b32 a0, -16',
    'v_accvgpr_write_b32 a0, 1.0',
    'v_accvgpr_write_b32 a0, 0x12345678',
    'v_accvgpr_write_b32 a0, a1',
    'v_accvgpr_write_b32 a0, vcc_lo',
    'v_accvgpr_write_b32 a0, m0',
    'v_accvgpr_write_b32 a0, exec_lo',
    'v_accvgpr_write_b32 a0, s[2:3]',
    'v_accvgpr_write_b32 a0, 0.5',
    'v_accvgpr_write_b32 a0, 0.15915494',
    'v_accvgpr_write a0, v1',
    'v_accvgpr_mov_b32 a0, a1',
    'v_accvgpr_mov_b32 a0, v1',
    'v_accvgpr_mov_b32 a255, a255',
    'v_accvgpr_mov_b32_e32 a0, a1',
    'v_accvgpr_mov_b32_e64 a0, a1',
    'v_accvgpr_mov_b32_dpp a0, a1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf',
    'v_accvgpr_mov_b32_sdwa a0, a1 dst_sel:WORD_1 src0_sel:WORD_0',
    'v_mov_b32 a0, v1',
    'v_mov_b32 v0, a1',
    'v_add_f32 v0, a1, v2',
    'v_add_f32_e64 v0, a1, v2',
    'v_add_u32 a0, v1, v2')

add('packed_fp32',
    'v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7]',
    'v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7] op_sel:[1,0,0] op_sel_hi:[0,1,1]',
    'v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7] neg_lo:[1,0,0] neg_hi:[0,1,0]',
    'v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7] clamp',
    'v_pk_fma_f32 v[0:1], s[2:3], v[4:5], v[6:7]',
    'v_pk_fma_f32 v[0:1], 1.0, v[4:5], v[6:7]',
    'v_pk_fma_f32 v[0:1], a[2:3], v[4:5], v[6:7]',
    'v_pk_fma_f32 v[1:2], v[2:3], v[4:5], v[6:7]',
    'v_pk_mul_f32 v[0:1], v[2:3], v[4:5]',
    'v_pk_mul_f32 v[0:1], v[2:3], v[4:5] op_sel_hi:[0,0]',
    'v_pk_mul_f32 v[0:1], v[2:3], s[4:5]',
    'v_pk_add_f32 v[0:1], v[2:3], v[4:5]',
    'v_pk_add_f32 v[0:1], s[2:3], v[4:5]',
    'v_pk_add_f32 v[0:1], 1.0, v[4:5]',
    'v_pk_add_f32 v[0:1], 0x3f800000, v[4:5]',
    'v_pk_add_f32 v[0:1], v[2:3], v[4:5] neg_lo:[1,1] neg_hi:[1,1]',
    'v_pk_add_f32 a[0:1], v[2:3], v[4:5]',
    'v_pk_mov_b32 v[0:1], v[2:3], v[4:5]',
    'v_pk_mov_b32 v[0:1], v[2:3], v[4:5] op_sel:[0,1]',
    'v_pk_mov_b32 v[0:1], v[2:3], v[4:5] op_sel:[1,0]',
    'v_pk_mov_b32 v[0:1], s[2:3], v[4:5] op_sel:[1,0]',
    'v_pk_mov_b32 v[0:1], v[2:3], v[4:5] op_sel:[0,1] op_sel_hi:[1,1]')

add('fp64_valu',
    'v_fmac_f64 v[0:1], v[2:3], v[4:5]',
    'v_fmac_f64_e32 v[0:1], s[2:3], v[4:5]',
    'v_fmac_f64_e32 v[0:1], 1.0, v[4:5]',
    'v_fmac_f64_e64 v[0:1], v[2:3], v[4:5] mul:2',
    'v_fmac_f64_e64 v[0:1], -v[2:3], |v[4:5]| clamp',
    'v_fmac_f64_dpp v[0:1], v[2:3], v[4:5] row_newbcast:1',
    'v_mov_b64 v[0:1], v[2:3]',
    'v_mov_b64 v[0:1], s[2:3]',
    'v_mov_b64 v[0:1], 1',
    'v_mov_b64 v[0:1], 0x12345678',
    'v_mov_b64 v[0:1], 1.0',
    'v_mov_b64_e64 v[0:1], v[2:3]',
    'v_mov_b64_dpp v[0:1], v[2:3] row_newbcast:1',
    'v_mov_b64 a[0:1], v[2:3]',
    'v_lshl_add_u64 v[0:1], v[2:3], 2, v[4:5]',
    'v_lshl_add_u64 v[0:1], v[2:3], v6, v[4:5]',
    'v_lshl_add_u64 v[0:1], s[2:3], 0, s[4:5]',
    'v_lshl_add_u64 v[0:1], v[2:3], 5, 1',
    'v_ceil_f64_dpp v[0:1], v[2:3] row_newbcast:1')

add('dot',
    'v_dot2c_f32_f16 v0, v1, v2',
    'v_dot2c_f32_f16_e32 v0, s1, v2',
    'v_dot2c_f32_f16_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf',
    'v_dot2c_f32_f16_sdwa v0, v1, v2 dst_sel:DWORD src0_sel:WORD_1 src1_sel:DWORD',
    'v_dot2c_i32_i16 v0, v1, v2',
    'v_dot4c_i32_i8 v0, v1, v2',
    'v_dot4c_i32_i8_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf',
    'v_dot8c_i32_i4 v0, v1, v2',
    'v_dot2_f32_f16 v0, v1, v2, v3',
    'v_dot2_i32_i16 v0, v1, v2, v3',
    'v_dot2_u32_u16 v0, v1, v2, v3',
    'v_dot4_i32_i8 v0, v1, v2, v3',
    'v_dot4_u32_u8 v0, v1, v2, v3',
    'v_dot8_i32_i4 v0, v1, v2, v3',
    'v_dot8_u32_u4 v0, v1, v2, v3',
    'v_dot2_f32_bf16 v0, v1, v2, v3',
    'v_pk_fmac_f16 v0, v1, v2',
    'v_pk_fmac_f16 v0, s1, v2',
    'v_fmac_f32 v0, v1, v2',
    'v_xnor_b32 v0, v1, v2',
    'v_fma_mix_f32 v0, v1, v2, v3',
    'v_mad_mix_f32 v0, v1, v2, v3')

add('atomic_fp',
    'global_atomic_add_f32 v[0:1], v2, off',
    'global_atomic_add_f32 v0, v[0:1], v2, off glc',
    'global_atomic_add_f32 v0, v[0:1], v2, off sc0',
    'global_atomic_add_f32 v[0:1], v2, off offset:-8',
    'global_atomic_add_f32 v1, v2, s[2:3]',
    'global_atomic_pk_add_f16 v[0:1], v2, off',
    'global_atomic_pk_add_f16 v0, v[0:1], v2, off glc',
    'global_atomic_pk_add_bf16 v[0:1], v2, off',
    'global_atomic_add_f64 v[0:1], v[2:3], off',
    'global_atomic_add_f64 v[0:1], v[0:1], v[2:3], off glc',
    'global_atomic_add_f64 v[0:1], v[0:1], v[2:3], off sc0',
    'global_atomic_min_f64 v[0:1], v[2:3], off',
    'global_atomic_max_f64 v[0:1], v[2:3], off',
    'global_atomic_min_f64 v[0:1], v[0:1], v[2:3], off glc',
    'flat_atomic_add_f32 v[0:1], v2',
    'flat_atomic_add_f32 v0, v[0:1], v2 glc',
    'flat_atomic_pk_add_f16 v[0:1], v2',
    'flat_atomic_pk_add_bf16 v[0:1], v2',
    'flat_atomic_add_f64 v[0:1], v[2:3]',
    'flat_atomic_add_f64 v[0:1], v[0:1], v[2:3] glc',
    'flat_atomic_min_f64 v[0:1], v[2:3]',
    'flat_atomic_max_f64 v[0:1], v[2:3]',
    'buffer_atomic_add_f32 v0, off, s[0:3], 0',
    'buffer_atomic_add_f32 v0, off, s[0:3], 0 glc',
    'buffer_atomic_add_f32 v0, v1, s[0:3], 0 offen offset:4',
    'buffer_atomic_pk_add_f16 v0, off, s[0:3], 0',
    'buffer_atomic_pk_add_f16 v0, off, s[0:3], 0 glc',
    'buffer_atomic_add_f64 v[0:1], off, s[0:3], 0',
    'buffer_atomic_add_f64 v[0:1], off, s[0:3], 0 glc',
    'buffer_atomic_min_f64 v[0:1], off, s[0:3], 0',
    'buffer_atomic_max_f64 v[0:1], off, s[0:3], 0',
    'ds_add_f64 v0, v[2:3]',
    'ds_add_f64 v0, v[2:3] offset:8',
    'ds_add_rtn_f64 v[0:1], v2, v[4:5]',
    'ds_add_f32 v0, v1',
    'ds_add_rtn_f32 v0, v1, v2',
    'ds_pk_add_f16 v0, v1',
    'ds_pk_add_rtn_f16 v0, v1, v2',
    'ds_pk_add_bf16 v0, v1',
    'ds_pk_add_rtn_bf16 v0, v1, v2')

add('cache_ctl',
    'buffer_wbl2',
    'buffer_wbl2 glc',
    'buffer_wbl2 sc1',
    'buffer_wbl2 sc0 sc1',
    'buffer_invl2',
    'buffer_inv',
    'buffer_inv sc1',
    'buffer_inv sc0 sc1',
    'buffer_wbinvl1',
    'buffer_wbinvl1_vol',
    's_dcache_wb',
    's_dcache_inv')

add('fp8',
    'v_cvt_pk_fp8_f32 v0, v1, v2',
    'v_cvt_pk_fp8_f32 v0, v1, v2 op_sel:[0,0,1]',
    'v_cvt_pk_fp8_f32 v0, -v1, |v2|',
    'v_cvt_pk_fp8_f32 v0, s1, 1.0',
    'v_cvt_pk_bf8_f32 v0, v1, v2',
    'v_cvt_pk_bf8_f32 v0, v1, v2 op_sel:[0,0,1]',
    'v_cvt_sr_fp8_f32 v0, v1, v2',
    'v_cvt_sr_fp8_f32 v0, v1, v2 op_sel:[0,0,1,1]',
    'v_cvt_sr_fp8_f32 v0, v1, v2 op_sel:[0,0,0,1]',
    'v_cvt_sr_bf8_f32 v0, v1, v2',
    'v_cvt_sr_bf8_f32 v0, v1, v2 op_sel:[0,0,1,0]',
    'v_cvt_f32_fp8 v0, v1',
    'v_cvt_f32_fp8_e32 v0, s1',
    'v_cvt_f32_fp8_e64 v0, v1',
    'v_cvt_f32_fp8_e64 v0, v1 op_sel:[1,0]',
    'v_cvt_f32_fp8_e64 v0, v1 op_sel:[0,1]',
    'v_cvt_f32_fp8_e64 v0, v1 op_sel:[1,1]',
    'v_cvt_f32_fp8_e64 v0, v1 byte_sel:1',
    'v_cvt_f32_fp8_e64 v0, v1 mul:2',
    'v_cvt_f32_fp8_e64 v0, v1 clamp',
    'v_cvt_f32_fp8_sdwa v0, v1 src0_sel:BYTE_3',
    'v_cvt_f32_fp8_sdwa v0, v1 src0_sel:BYTE_1',
    'v_cvt_f32_bf8 v0, v1',
    'v_cvt_f32_bf8_e64 v0, v1 op_sel:[1,1]',
    'v_cvt_f32_bf8_sdwa v0, v1 src0_sel:BYTE_2',
    'v_cvt_pk_f32_fp8 v[0:1], v1',
    'v_cvt_pk_f32_fp8_e64 v[0:1], v1 op_sel:[1,0]',
    'v_cvt_pk_f32_fp8_sdwa v[0:1], v1 src0_sel:WORD_1',
    'v_cvt_pk_f32_bf8 v[0:1], v1',
    'v_cvt_pk_f32_bf8_e64 v[0:1], v1 op_sel:[1,0]',
    'v_cvt_pk_f32_bf8_sdwa v[0:1], v1 src0_sel:WORD_1',
    'v_cvt_pk_f32_fp8 v[1:2], v1')

add('dpp',
    'v_mov_b32_dpp v0, v1 row_newbcast:1 row_mask:0xf bank_mask:0xf',
    'v_mov_b32_dpp v0, v1 row_newbcast:15 row_mask:0xf bank_mask:0xf',
    'v_add_f32_dpp v0, v1, v2 row_newbcast:0 row_mask:0xf bank_mask:0xf',
    'v_mov_b32_dpp v0, v1 row_bcast:15 row_mask:0xf bank_mask:0xf',
    'v_mov_b32_dpp v0, v1 row_bcast:31 row_mask:0xf bank_mask:0xf',
    'v_mov_b32_dpp v0, v1 wave_shl:1 row_mask:0xf bank_mask:0xf',
    'v_mov_b32_dpp v0, v1 row_share:1 row_mask:0xf bank_mask:0xf',
    'v_mov_b32_dpp v0, v1 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf bound_ctrl:0',
    'v_add_f64_dpp v[0:1], v[2:3], v[4:5] row_newbcast:1')

add('cache_bits',
    'global_load_dword v0, v[0:1], off',
    'global_load_dword v0, v[0:1], off glc',
    'global_load_dword v0, v[0:1], off slc',
    'global_load_dword v0, v[0:1], off glc slc',
    'global_load_dword v0, v[0:1], off scc',
    'global_load_dword v0, v[0:1], off glc slc scc',
    'global_load_dword v0, v[0:1], off sc0',
    'global_load_dword v0, v[0:1], off sc1',
    'global_load_dword v0, v[0:1], off nt',
    'global_load_dword v0, v[0:1], off sc0 sc1 nt',
    'global_store_dword v[0:1], v2, off sc0 sc1 nt',
    'global_store_dword v[0:1], v2, off glc slc',
    'buffer_load_dword v0, off, s[0:3], 0 sc0 sc1 nt',
    'buffer_load_dword v0, off, s[0:3], 0 glc slc',
    'buffer_load_dword v0, off, s[0:3], 0 glc slc scc',
    'buffer_store_dword v0, off, s[0:3], 0 sc1 nt',
    'flat_load_dword v0, v[0:1] sc1',
    'flat_load_dword v0, v[0:1] sc0 sc1 nt',
    'flat_store_dword v[0:1], v2 nt',
    'scratch_load_dword v0, off, s0 sc0 nt',
    'scratch_store_dword off, v0, s0 sc1',
    'global_atomic_add v0, v[0:1], v2, off sc0',
    'global_atomic_add v0, v[0:1], v2, off glc',
    'global_atomic_add v[0:1], v2, off sc1',
    'global_atomic_add v[0:1], v2, off nt',
    'buffer_atomic_add v0, off, s[0:3], 0 sc0 sc1',
    's_load_dword s0, s[0:1], 0x0 glc',
    's_load_dword s0, s[0:1], 0x0 sc0',
    'global_load_lds_dword v[0:1], off',
    'global_load_lds_dwordx4 v[0:1], off',
    'buffer_load_dword off, s[0:3], 0 lds',
    'buffer_load_dword v[0:1], off, s[0:3], 0 tfe',
    'buffer_wbl2 scc',
    'buffer_wbl2 glc scc',
    'flat_load_dword v0, v[0:1] nv')

add('agpr_mem',
    'global_load_dword a0, v[0:1], off',
    'global_load_dwordx2 a[0:1], v[0:1], off',
    'global_load_dwordx2 a[1:2], v[0:1], off',
    'global_load_dwordx4 a[0:3], v[0:1], off',
    'global_store_dword v[0:1], a2, off',
    'global_store_dwordx2 v[0:1], a[2:3], off',
    'global_load_dword a0, a[0:1], off',
    'global_load_dword a0, v1, s[2:3]',
    'global_atomic_add a0, v[0:1], a2, off glc',
    'global_atomic_add v0, v[0:1], a2, off glc',
    'global_atomic_add v[0:1], a2, off',
    'global_atomic_add_f64 v[0:1], a[2:3], off',
    'global_atomic_cmpswap a0, v[0:1], a[2:3], off glc',
    'global_atomic_cmpswap a0, v[0:1], a[2:3], off sc0',
    'global_atomic_add a0, v[0:1], a2, off sc0',
    'global_atomic_add_f32 a0, v[0:1], a2, off glc',
    'global_atomic_add_f32 a0, v[0:1], a2, off sc0',
    'global_atomic_add_f64 a[0:1], v[0:1], a[2:3], off sc0',
    'flat_atomic_add a0, v[0:1], a2 sc0',
    'buffer_atomic_add a0, off, s[0:3], 0 sc0',
    'flat_load_dword a0, v[0:1]',
    'flat_store_dword v[0:1], a2',
    'flat_atomic_add a0, v[0:1], a2 glc',
    'scratch_load_dword a0, off, s0',
    'scratch_store_dword off, a0, s0',
    'buffer_load_dword a0, off, s[0:3], 0',
    'buffer_load_dword a0, v0, s[0:3], 0 offen',
    'buffer_store_dword a0, off, s[0:3], 0',
    'buffer_load_dwordx4 a[0:3], off, s[0:3], 0',
    'buffer_atomic_add a0, off, s[0:3], 0 glc',
    'buffer_load_format_x a0, off, s[0:3], 0',
    'buffer_load_dword a0, a0, s[0:3], 0 offen',
    'ds_read_b32 a0, v1',
    'ds_write_b32 v1, a2',
    'ds_read_b64 a[0:1], v1',
    'ds_read_b64 a[1:2], v1',
    'ds_write_b64 v1, a[2:3]',
    'ds_read_b128 a[0:3], v1',
    'ds_write2_b32 v1, a2, a3 offset1:1',
    'ds_write2_b32 v1, a2, v3 offset1:1',
    'ds_read2_b32 a[0:1], v1 offset1:1',
    'ds_add_u32 v1, a2',
    'ds_add_rtn_u32 a0, v1, a2',
    'ds_add_rtn_u32 a0, v1, v2',
    'ds_read_b32 v0, a1',
    'ds_read_b64 v[1:2], v1',
    'global_load_dwordx2 v[1:2], v[0:1], off')


def elf_flags():
    rows = []
    procs = ['gfx908', 'gfx90a', 'gfx940', 'gfx941', 'gfx942', 'gfx9-generic', 'gfx9-4-generic']
    attrs = ['', '+xnack', '-xnack', '+sramecc', '-sramecc', '+xnack,+sramecc']
    with tempfile.TemporaryDirectory() as td:
        src = os.path.join(td, 'a.s')
        with open(src, 'w') as f:
            f.write('s_nop 0\n')
        obj = os.path.join(td, 'a.o')
        for tool in ('llvm-mc-19', 'clang-19', 'llvm-mc-16'):
            for proc in procs:
                for at in attrs:
                    if tool == 'clang-19':
                        tid = proc + ''.join(f':{a[1:]}{a[0]}' for a in at.split(',') if a)
                        cmd = ['clang-19', '--target=amdgcn-amd-amdhsa', f'-mcpu={tid}', '-c', src, '-o', obj]
                    else:
                        cmd = [tool, '-triple=amdgcn-amd-amdhsa', f'-mcpu={proc}', '-filetype=obj', src, '-o', obj]
                        if at:
                            cmd.insert(3, f'-mattr={at}')
                    if os.path.exists(obj):
                        os.unlink(obj)
                    p = subprocess.run(cmd, capture_output=True, text=True)
                    flags = abi = ''
                    if p.returncode == 0 and os.path.exists(obj):
                        h = subprocess.run(['llvm-readelf-19', '-h', obj], capture_output=True, text=True).stdout
                        m = re.search(r'Flags:\s*(0x[0-9a-fA-F]+)(.*)', h)
                        flags = (m.group(1) + ' ' + m.group(2).strip()).strip() if m else ''
                        m = re.search(r'ABI Version:\s*(\d+)', h)
                        abi = m.group(1) if m else ''
                    rows.append({'tool': tool, 'processor': proc, 'features': at or '(default)',
                                 'command': ' '.join(cmd).replace(td, '$TMP'), 'rc': p.returncode,
                                 'e_flags': flags, 'abi_version': abi,
                                 'stderr': ' '.join(p.stderr.split()).replace(td, '$TMP')[:300]})
    with open(_os.path.join(HERE, 'llvm19_eflags.csv'), 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)


def processors():
    out = []
    for cmd in (['llvm-mc-19', '-arch=amdgcn', '-mcpu=help'],
                ['llvm-mc-16', '-arch=amdgcn', '-mcpu=help'],
                ['clang-19', '--target=amdgcn-amd-amdhsa', '-nogpulib', '-print-supported-cpus']):
        p = subprocess.run(cmd, capture_output=True, text=True)
        out.append(f'$ {" ".join(cmd)} 2>&1\n{p.stdout}{p.stderr}\n')
    with open(_os.path.join(HERE, 'llvm19_processors.txt'), 'w') as f:
        f.write('\n'.join(out))


def main():
    texts = [t for _, t in P]
    rows = []
    for cpu in CPUS:
        r19 = assemble(texts, cpu, 'llvm-mc-19')
        dis = disassemble([r['encoding'] for r in r19], cpu, 'llvm-mc-19')
        if cpu_known('llvm-mc-16', cpu):
            r16 = assemble(texts, cpu, 'llvm-mc-16')
        else:
            r16 = [{'status': 'n/a: cpu unknown to llvm-mc-16', 'error': '', 'asm_print': '', 'encoding': None}
                   for _ in texts]
        for (cat, text), a, d, b in zip(P, r19, dis, r16):
            enc19 = hexbytes(a['encoding']) if a['encoding'] else ''
            enc16 = hexbytes(b['encoding']) if b['encoding'] else ''
            rows.append({
                'cpu': cpu, 'category': cat, 'input': text,
                'llvm19_status': a['status'], 'llvm19_error': a['error'],
                'llvm19_printed': a['asm_print'], 'llvm19_encoding': enc19, 'llvm19_disasm': d,
                'roundtrip_same_text': (d == a['asm_print']) if enc19 else '',
                'llvm16_status': b['status'], 'llvm16_error': b['error'],
                'llvm16_printed': b['asm_print'], 'llvm16_encoding': enc16,
                'llvm16_vs_19': 'n/a' if b['status'].startswith('n/a') else (
                    'same' if (a['status'], enc19, a['asm_print']) == (b['status'], enc16, b['asm_print'])
                    else 'DIFF'),
            })
        print(f'{cpu}: {sum(1 for a in r19 if a["encoding"])}/{len(texts)} accepted', file=sys.stderr)
    with open(_os.path.join(HERE, 'llvm19_other.csv'), 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    processors()
    elf_flags()


if __name__ == '__main__':
    main()


def crossdecode():
    """Disassemble every encoding accepted on some cpu with every cpu's disassembler and flag
    cases where a cpu decodes bytes to an instruction although its assembler rejected the input."""
    rows = list(csv.DictReader(open(_os.path.join(HERE, 'llvm19_other.csv'))))
    status = {(r['cpu'], r['input']): r for r in rows}
    items, seen = [], set()
    for r in rows:
        if r['llvm19_encoding'] and (r['input'], r['llvm19_encoding']) not in seen:
            seen.add((r['input'], r['llvm19_encoding']))
            items.append(r)
    encs = [[int(b, 16) for b in r['llvm19_encoding'].split()] for r in items]
    dis = {cpu: disassemble(encs, cpu) for cpu in CPUS}
    with open(_os.path.join(HERE, 'llvm19_other_crossdecode.csv'), 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['input', 'encoding', 'assembled_on'] +
                   [x for c in CPUS for x in (f'asm_{c}', f'disasm_{c}')] + ['decodes_but_rejected_on'])
        for i, r in enumerate(items):
            srcs = [c for c in CPUS if status[(c, r['input'])]['llvm19_encoding'] == r['llvm19_encoding']]
            flags = [c for c in CPUS if not status[(c, r['input'])]['llvm19_encoding']
                     and dis[c][i] and not dis[c][i].startswith('INVALID')]
            w.writerow([r['input'], r['llvm19_encoding'], ' '.join(srcs)] +
                       [x for c in CPUS for x in (status[(c, r['input'])]['llvm19_status'], dis[c][i])] +
                       [' '.join(flags)])


if __name__ == '__main__':
    crossdecode()
