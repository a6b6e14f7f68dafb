# clrxasm -b gallium -g fiji -6 --llvmVersion=40000 -t 170000 gallium_fiji64_hsa.s -o gallium_fiji64_hsa.bin
# GalliumCompute with LLVM 4 (AMDHSA): amd_kernel_code_t at each kernel,
# arguments from byte 0 of the kernarg segment in s[6:7].
.gallium
.gpu Fiji
.64bit
.llvm_version 40000
.driver_version 170000
.globaldata
    .byte 1, 2, 3, 4, 5, 6, 7, 8
.kernel first
    .args
        .arg global, 8, 8, 8, zext, general
        .arg scalar, 2, 4, 4, sext, general
        .arg griddim, 4
        .arg gridoffset, 4
    .config
        .dims x
        .tgsize
        .default_hsa_features
.kernel second
    .args
        .arg constant, 8, 8, 8, zext, general
        .arg griddim, 4
        .arg gridoffset, 4
    .config
        .dims xy
        .default_hsa_features
        .localsize 1024
.text
first:
    .skip 256
    s_load_dwordx2 s[0:1], s[6:7], 0x0
    s_endpgm
.p2align 8
second:
    .skip 256
    v_mov_b32 v1, 2
    s_endpgm
