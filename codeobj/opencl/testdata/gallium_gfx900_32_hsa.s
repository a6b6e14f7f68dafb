# clrxasm -b gallium -g gfx900 --llvmVersion=40000 -t 170000 gallium_gfx900_32_hsa.s -o gallium_gfx900_32_hsa.bin
# GalliumCompute AMDHSA in an ELF32 container ELF for GFX9.
.gallium
.gpu GFX900
.32bit
.llvm_version 40000
.driver_version 170000
.kernel k
    .args
        .arg global, 8, 8, 8, zext, general
        .arg griddim, 4
        .arg gridoffset, 4
    .config
        .dims x
        .default_hsa_features
.text
k:
    .skip 256
    s_endpgm
