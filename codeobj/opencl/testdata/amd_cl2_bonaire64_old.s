# clrxasm -b amdcl2 -g bonaire -6 -t 180005 amd_cl2_bonaire64_old.s -o amd_cl2_bonaire64_old.bin
# AMD OpenCL 2.0, drivers before 1912.05: kernels in the outer .text as
# stub + amd_kernel_code_t + code, no inner ELF.
.amdcl2
.gpu Bonaire
.64bit
.driver_version 180005
.compile_options "-cl-std=CL2.0"
.kernel scale
    .config
        .dims x
        .useargs
        .usesetup
        .setupargs
        .cws 64, 1, 1
        .arg out, "float*", float*, global
        .arg in, "float*", float*, global, const
        .arg tmp, "float*", float*, local
        .arg factor, float
        .arg v, "float4", float4
        .arg c, char
        .arg d3, "double3", double3
        .arg img, image2d, read_only
        .arg smp, sampler
        .arg s, "struct S", structure, 24
    .text
        s_load_dwordx2 s[0:1], s[6:7], 0xc
        v_mov_b32 v1, 1.0
        s_endpgm
.kernel zero
    .config
        .dims xy
        .useargs
        .setupargs
        .arg p, "uint*", uint*, global
    .text
        v_mov_b32 v0, 0
        s_endpgm
