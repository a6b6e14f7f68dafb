# clrxasm -b amdcl2 -g gfx900 -6 -t 258000 amd_cl2_gfx900_258000.s -o amd_cl2_gfx900_258000.bin
# AMD OpenCL 2.0 for GFX9 (drivers from 2236.00: 'GFX9' metadata word), with
# generic addressing (queue pointer and flat scratch user SGPRs).
.amdcl2
.gpu GFX900
.64bit
.driver_version 258000
.kernel gen
    .config
        .dims x
        .useargs
        .usesetup
        .usegeneric
        .setupargs
        .arg p, "int*", int*, global
    .text
        s_load_dwordx2 s[0:1], s[8:9], 0x30
        s_endpgm
