# AMD OpenCL 1.2, 64-bit, Tonga (gfx802), driver 2004.06.
# Assembled with CLRX 0.1.9:
#   clrxasm -b amd -6 -o amd_cl12_tonga64.bin amd_cl12_tonga64.s
.amd
.gpu Tonga
.64bit
.driver_version 200406
.kernel copy
    .config
    .dims x
    .hwlocal 1024
    .arg dst, "uint*", uint*, global
    .arg src, "uint*", uint*, global, const
    .arg k, "ulong", ulong
    .arg c, "uchar4", uchar4
    .userdata PTR_UAV_TABLE, 0, 2, 2
    .userdata IMM_CONST_BUFFER, 0, 4, 4
    .userdata IMM_CONST_BUFFER, 1, 8, 4
    .text
    s_load_dwordx4 s[12:15], s[2:3], 0x60
    s_waitcnt lgkmcnt(0)
    v_add_u32 v1, vcc, s0, v0
    s_endpgm
