# AMD OpenCL 1.2 as drivers before 1124.02 wrote it: PROGINFO pads the
# user elements to 16, UAV ids count from 9, constant pointers are
# constant buffers ("hc", ids from 2) and constant buffers carry sizes.
# No user data given: CLRX writes none and COMPUTE_PGM_RSRC2 still sets 2
# user SGPRs.
# Assembled with CLRX 0.1.9:
#   clrxasm -b amd -o amd_cl12_old_driver.bin amd_cl12_old_driver.s
.amd
.gpu CapeVerde
.32bit
.driver_version 101000
.kernel vadd
    .config
    .dims x
    .arg out, "float*", float*, global
    .arg k, "int*", int*, constant
    .arg n, "uint", uint
    .userdata PTR_UAV_TABLE, 0, 2, 2
    .userdata IMM_CONST_BUFFER, 0, 4, 4
    .userdata IMM_CONST_BUFFER, 1, 8, 4
    .text
    s_endpgm
.kernel bare
    .config
    .dims x
    .text
    s_endpgm
