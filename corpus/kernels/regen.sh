#!/bin/sh
# Regenerates the checked-in code objects (fuzz seeds, test inputs) and the
# llvm-readelf golden files with the same commands as BUILD.bazel's
# opencl_code_object rules. Run from anywhere; needs clang-16, ld.lld-16,
# llvm-readelf-16.
set -e
cd "$(dirname "$0")"
CL="clang-16 -target amdgcn-amd-amdhsa -nogpulib -O2 -I. -x cl"
GFX906_KERNELS="dot4 mixed_f16_f32"
for f in *.cl; do
  k=${f%.cl}
  for cpu in gfx803 gfx900; do $CL -mcpu=$cpu $f -o $k.$cpu.co; done
  case " $GFX906_KERNELS " in *" $k "*) $CL -mcpu=gfx906 $f -o $k.gfx906.co;; esac
done
# Other code object versions (v4 is clang-16's default). v5 needs lld 16.
$CL -mcpu=gfx900 -mcode-object-version=2 vadd_i32.cl -o vadd_i32.v2.gfx900.co
$CL -mcpu=gfx803 -mcode-object-version=2 lds_reduce.cl -o lds_reduce.v2.gfx803.co
$CL -mcpu=gfx900 -mcode-object-version=3 vadd_i32.cl -o vadd_i32.v3.gfx900.co
for k in vadd_i32 private_array; do
  $CL -mcpu=gfx900 -mcode-object-version=5 -c $k.cl -o /tmp/$k.v5.o
  ld.lld-16 -shared /tmp/$k.v5.o -o $k.v5.gfx900.co
  rm /tmp/$k.v5.o
done
# Golden data from an independent reader (LLVM), checked by codeobj tests.
mkdir -p golden
for co in *.co; do
  llvm-readelf-16 --file-header --sections --symbols --notes "$co" > golden/${co%.co}.readelf
done
# LLVM's own decoding of the v3+ kernel descriptors (.amdhsa_* directives).
for co in *.co; do
  case $co in *.v2.*) continue;; esac
  llvm-objdump-16 -D "$co" | sed -n '/^\.amdhsa_kernel/,/^\.end_amdhsa_kernel/p' > golden/${co%.co}.kd
done
