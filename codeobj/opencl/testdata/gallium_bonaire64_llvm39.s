# clrxasm -b gallium -g bonaire -6 --llvmVersion=30900 -t 170000 gallium_bonaire64_llvm39.s -o gallium_bonaire64_llvm39.bin
# GalliumCompute from Mesa 17 (executable section type) with LLVM 3.9: ELF64,
# five .AMDGPU.config pairs per kernel (spilled register counts), scratch
# buffer relocations.
.gallium
.gpu Bonaire
.64bit
.llvm_version 30900
.driver_version 170000
.scratchsym scratch
.kernel sum
    .args
        .arg global, 8, 8, 8, zext, general
        .arg scalar, 8, 8, 8, zext, general
        .arg griddim, 4
        .arg gridoffset, 4
    .config
        .dims xyz
        .tgsize
        .spilledsgprs 3
        .spilledvgprs 5
        .scratchbuffer 128
.text
sum:
    s_load_dwordx2 s[4:5], s[0:1], 0x9
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, scratch&0xffffffff
    s_mov_b32 s13, scratch>>32
    s_endpgm
