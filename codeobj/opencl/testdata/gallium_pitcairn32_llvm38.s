# clrxasm -b gallium -g pitcairn --llvmVersion=30800 -t 110000 gallium_pitcairn32_llvm38.s -o gallium_pitcairn32_llvm38.bin
# GalliumCompute before Mesa 17 and LLVM 3.9: ELF32, three .AMDGPU.config
# pairs per kernel, arguments after the 9 setup dwords, .rodata after .text.
.gallium
.gpu Pitcairn
.32bit
.llvm_version 30800
.driver_version 110000
.globaldata
    .int 0x11223344, 0x55667788
.kernel add
    .args
        .arg global, 8, 8, 8, zext, general
        .arg constant, 8, 8, 8, zext, general
        .arg local, 4, 4, 4, zext, general
        .arg scalar, 1, 4, 4, sext, general
        .arg scalar, 16, 16, 16, zext, general
        .arg griddim, 4
        .arg gridoffset, 4
    .config
        .dims x
        .tgsize
        .localsize 512
        .scratchbuffer 64
.kernel mul
    .args
        .arg global, 8, 8, 8, zext, general
        .arg griddim, 4
        .arg gridoffset, 4
    .config
        .dims xy
.text
add:
    s_load_dword s4, s[0:1], 0x9
    s_endpgm
mul:
    v_mov_b32 v0, 0
    s_endpgm
