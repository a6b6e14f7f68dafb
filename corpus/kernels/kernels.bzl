"""Compiles OpenCL C kernels to amdhsa code objects with clang-16.

The outputs go to built/ so they do not clash with the checked-in copies
(NAME.CPU.co, used as fuzz seeds and test inputs); a test checks that both
agree. regen.sh runs the same commands to refresh the checked-in files.
"""

_CLANG = "clang-16 -target amdgcn-amd-amdhsa -nogpulib -O2 -x cl"

def opencl_code_object(name, src, mcpu, code_object_version = None):
    """One code object: built/<name>.co from src for mcpu.

    Code object v5 is compiled with -c and linked with ld.lld-16, because
    clang-16's default linker on Debian (ld.lld 14) rejects v5.
    """
    out = "built/%s.co" % name
    flags = "-mcpu=%s -I$$(dirname $(location kcommon.h))" % mcpu
    if code_object_version:
        flags += " -mcode-object-version=%d" % code_object_version
    if code_object_version == 5:
        cmd = ("%s %s $(location %s) -c -o $@.o && ld.lld-16 -shared $@.o -o $@ && rm $@.o" %
               (_CLANG, flags, src))
    else:
        cmd = "%s %s $(location %s) -o $@" % (_CLANG, flags, src)
    native.genrule(
        name = name,
        srcs = [src, "kcommon.h"],
        outs = [out],
        cmd = cmd,
        message = "clang-16 %s -> %s" % (src, out),
    )
    return out

def opencl_kernel_suite(name, kernels, gfx906_kernels, extra):
    """Code objects for every kernel on gfx803 and gfx900 (+gfx906 where the
    code differs) and the extra (name, src, mcpu, version) variants; a
    filegroup `name` holds them all."""
    outs = []
    for k in kernels:
        cpus = ["gfx803", "gfx900"] + (["gfx906"] if k in gfx906_kernels else [])
        for cpu in cpus:
            outs.append(opencl_code_object("%s.%s" % (k, cpu), k + ".cl", cpu))
    for (n, src, cpu, version) in extra:
        outs.append(opencl_code_object(n, src, cpu, version))
    native.filegroup(name = name, srcs = outs)
