# clrxasm -b amdcl2 -g tonga -t 200406 amd_cl2_tonga32_200406.s -o amd_cl2_tonga32_200406.bin
# AMD OpenCL 2.0, Crimson 16.3+ layout: inner AMD HSA ELF with a null
# symbol, metadata with the hints; 32-bit; global data and relocations
# to it.
.amdcl2
.gpu Tonga
.32bit
.driver_version 200406
.globaldata
gdata:
    .int 1, 2, 3, 4
.kernel fill
    .config
        .dims xyz
        .useargs
        .usesetup
        .useenqueue
        .setupargs
        .vectypehint float4
        .work_group_size_hint 8, 8, 1
        .localsize 256
        .scratchbuffer 64
        .arg dst, "int*", int*, global
        .arg n, "short", short
        .arg v3, "uint3", uint3
        .arg q, queue
        .arg ev, clkevent
    .text
        s_mov_b32 s0, 1
        v_mov_b32 v2, s0
        s_mov_b32 s2, gdata+4
        s_mov_b32 s3, (gdata+4)>>32
        s_endpgm
