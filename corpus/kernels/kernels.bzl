"""Compiles OpenCL C kernels to amdhsa code objects with clang-16 or clang-19.

The outputs go to built/ so they do not clash with the checked-in copies
(NAME.CPU.co, used as fuzz seeds and test inputs); a test checks that both
agree. regen.sh runs the same commands to refresh the checked-in files.
"""

_CLANG_FLAGS = "-target amdgcn-amd-amdhsa -nogpulib -O2 -x cl"

def opencl_code_object(name, src, mcpu, code_object_version = None, compiler = "clang-16",
                       extra_flags = ""):
    """One code object: built/<name>.co from src for mcpu with `compiler`.

    clang-16: its default is code object v4; v5 is compiled with -c and
    linked with ld.lld-16, because clang-16's default linker on Debian
    (ld.lld 14, the first on PATH) rejects v5.

    clang-19: links with the ld.lld of its own installation (llvm-19), so
    one command builds every version. Its default is v5; without an
    explicit code_object_version the rule asks for v4, the version every
    NAME.CPU.co of the corpus has (other versions are named NAME.vN.CPU).
    """
    if compiler not in ("clang-16", "clang-19"):
        fail("unknown compiler %s" % compiler)
    if compiler == "clang-19" and not code_object_version:
        code_object_version = 4
    out = "built/%s.co" % name
    clang = "%s %s" % (compiler, _CLANG_FLAGS)
    flags = "-mcpu=%s -I$$(dirname $(location kcommon.h))" % mcpu
    if extra_flags:
        flags += " " + extra_flags
    if code_object_version:
        flags += " -mcode-object-version=%d" % code_object_version
    if compiler == "clang-16" and code_object_version == 5:
        cmd = ("%s %s $(location %s) -c -o $@.o && ld.lld-16 -shared $@.o -o $@ && rm $@.o" %
               (clang, flags, src))
    else:
        cmd = "%s %s $(location %s) -o $@" % (clang, flags, src)
    native.genrule(
        name = name,
        srcs = [src, "kcommon.h"],
        outs = [out],
        cmd = cmd,
        message = "%s %s -> %s" % (compiler, src, out),
    )
    return out

def opencl_kernel_suite(name, kernels, gfx906_kernels, extra, cdna_cpus = [], mfma_kernels = {},
                        cdna_extra = []):
    """Code objects for every kernel on gfx803 and gfx900 (+gfx906 where the
    code differs) and the extra (name, src, mcpu, version) variants, all
    with clang-16; with clang-19, every kernel again for each of cdna_cpus,
    each MFMA kernel (mfma_kernels: name -> processors) for its processors
    and the cdna_extra (name, src, mcpu, flags) variants. A filegroup `name`
    holds them all."""
    outs = []
    for k in kernels:
        cpus = ["gfx803", "gfx900"] + (["gfx906"] if k in gfx906_kernels else [])
        for cpu in cpus:
            outs.append(opencl_code_object("%s.%s" % (k, cpu), k + ".cl", cpu))
    for (n, src, cpu, version) in extra:
        outs.append(opencl_code_object(n, src, cpu, version))
    for k in kernels:
        for cpu in cdna_cpus:
            outs.append(opencl_code_object("%s.%s" % (k, cpu), k + ".cl", cpu, compiler = "clang-19"))
    for k, cpus in mfma_kernels.items():
        for cpu in cpus:
            outs.append(opencl_code_object("%s.%s" % (k, cpu), k + ".cl", cpu, compiler = "clang-19"))
    for (n, src, cpu, flags) in cdna_extra:
        outs.append(opencl_code_object(n, src, cpu, compiler = "clang-19", extra_flags = flags))
    native.filegroup(name = name, srcs = outs)
