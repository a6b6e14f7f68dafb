# AMD OpenCL 1.2, 32-bit, Pitcairn (gfx601), driver 1912.05: two kernels,
# program-scope constant data, every argument kind the metadata knows.
# Assembled with CLRX 0.1.9:
#   clrxasm -b amd -o amd_cl12_pitcairn.bin amd_cl12_pitcairn.s
.amd
.gpu Pitcairn
.32bit
.driver_version 191205
.compile_options "-O2 -cl-std=CL1.2"
.globaldata
    .int 1, 2, 3, 4
    .byte 0x55
.kernel vadd
    .config
    .dims xy
    .cws 64, 1, 1
    .hwlocal 256
    .scratchbuffer 64
    .useconstdata
    .arg out, "float*", float*, global
    .arg in, "float*", float*, global, const
    .arg tbl, "int*", int*, constant
    .arg tmp, "float*", float*, local
    .arg n, "uint", uint
    .arg scale, "float4", float4
    .arg s, "struct S", structure, 24
    .arg img, "image2d_t", image2d, read_only
    .arg wimg, "image2d_t", image2d, write_only
    .arg smp, "sampler_t", sampler
    .arg cnt, "counter32_t", counter32
    .userdata PTR_UAV_TABLE, 0, 2, 2
    .userdata IMM_CONST_BUFFER, 0, 4, 4
    .userdata IMM_CONST_BUFFER, 1, 8, 4
    .userdata PTR_RESOURCE_TABLE, 0, 12, 2
    .text
    s_buffer_load_dword s0, s[8:11], 0x4
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v1, s0
    s_endpgm
.kernel nop
    .config
    .dims x
    .arg a, "uint*", uint*, global
    .userdata PTR_UAV_TABLE, 0, 2, 2
    .userdata IMM_CONST_BUFFER, 1, 4, 4
    .text
    s_nop 0
    s_endpgm
