# clrxasm -b amdcl2 -g fiji -6 -t 191205 amd_cl2_fiji64_191205.s -o amd_cl2_fiji64_191205.bin
# AMD OpenCL 2.0, driver 1912.05: inner AMD HSA ELF without a null symbol.
.amdcl2
.gpu Fiji
.64bit
.driver_version 191205
.kernel copy
    .config
        .dims x
        .useargs
        .setupargs
        .arg dst, "uint*", uint*, global
        .arg src, "uint*", uint*, constant, const
    .text
        s_load_dwordx4 s[0:3], s[4:5], 0x30
        s_endpgm
