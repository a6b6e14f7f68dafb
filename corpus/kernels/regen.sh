#!/bin/sh
# Regenerates the checked-in code objects (fuzz seeds, test inputs) and the
# llvm-readelf / llvm-objdump golden files with the same commands as
# BUILD.bazel's opencl_code_object rules. Run from anywhere:
#   regen.sh            both parts
#   regen.sh clang-16   gfx803/gfx900/gfx906 and the other code object
#                       versions; needs clang-16, ld.lld-16, llvm-readelf-16,
#                       llvm-objdump-16
#   regen.sh clang-19   gfx908/gfx90a/gfx942 (every kernel for gfx90a and
#                       gfx942, the MFMA kernels where their instructions
#                       exist); needs clang-19, llvm-readelf-19, llvm-objdump-19
# Each part writes only its own code objects and their golden files.
set -e
cd "$(dirname "$0")"
part=${1:-all}
case $part in all|clang-16|clang-19) ;; *) echo "usage: $0 [clang-16|clang-19]" >&2; exit 2;; esac

GFX906_KERNELS="dot4 mixed_f16_f32"
# MFMA kernels and the processors each is built for (as in BUILD.bazel).
MFMA_KERNELS="mfma_bcast mfma_bf16 mfma_f16 mfma_f32 mfma_f64 mfma_gemm mfma_i8 mfma_spill smfmac"
mfma_cpus() {
  case $1 in
    mfma_f64) echo "gfx90a gfx942";;  # no f64 MFMA on gfx908
    smfmac) echo "gfx942";;           # SMFMAC: GFX940 only
    *) echo "gfx908 gfx90a gfx942";;
  esac
}
is_mfma() { case " $MFMA_KERNELS " in *" $1 "*) return 0;; esac; return 1; }

# Golden data from an independent reader (LLVM), checked by codeobj tests:
# llvm-readelf's view of the file, and LLVM's own decoding of the v3+
# kernel descriptors (.amdhsa_* directives). $1: LLVM version; then files.
golden() {
  v=$1
  shift
  mkdir -p golden
  for co in "$@"; do
    llvm-readelf-$v --file-header --sections --symbols --notes "$co" > golden/${co%.co}.readelf
    case $co in *.v2.*) continue;; esac
    llvm-objdump-$v -D "$co" | sed -n '/^\.amdhsa_kernel/,/^\.end_amdhsa_kernel/p' > golden/${co%.co}.kd
  done
}

if [ $part != clang-19 ]; then
  CL="clang-16 -target amdgcn-amd-amdhsa -nogpulib -O2 -I. -x cl"
  for f in *.cl; do
    k=${f%.cl}
    if is_mfma $k; then continue; fi
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
  golden 16 *.gfx803.co *.gfx900.co *.gfx906.co
fi

if [ $part != clang-16 ]; then
  # clang-19 links with its own ld.lld (llvm-19), so one command per file.
  # Its default is code object v5: ask for v4, the version of every
  # NAME.CPU.co (other versions are named NAME.vN.CPU.co).
  CL="clang-19 -target amdgcn-amd-amdhsa -nogpulib -O2 -I. -x cl -mcode-object-version=4"
  built=""
  for f in *.cl; do
    k=${f%.cl}
    if is_mfma $k; then cpus=$(mfma_cpus $k); else cpus="gfx90a gfx942"; fi
    for cpu in $cpus; do
      $CL -mcpu=$cpu $f -o $k.$cpu.co
      built="$built $k.$cpu.co"
    done
  done
  # Kernel arguments preloaded into user SGPRs.
  for cpu in gfx90a gfx942; do
    $CL -mcpu=$cpu -mllvm -amdgpu-kernarg-preload-count=4 vadd_i32.cl -o vadd_i32.preload.$cpu.co
    built="$built vadd_i32.preload.$cpu.co"
  done
  # Work-groups that may be split across CUs (TG_SPLIT).
  for cpu in gfx90a gfx942; do
    $CL -mcpu=$cpu -mtgsplit lds_reduce.cl -o lds_reduce.tgsplit.$cpu.co
    built="$built lds_reduce.tgsplit.$cpu.co"
  done
  golden 19 $built
fi
