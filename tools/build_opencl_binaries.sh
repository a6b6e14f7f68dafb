#!/usr/bin/env bash
# Rebuilds the OpenCL program binaries of corpus/opencl/ (AMD OpenCL 1.2,
# AMD OpenCL 2.0 and GalliumCompute) from their CLRX assembly sources, which
# .include the preludes corpus/opencl/*.inc (clrxasm -I corpus/opencl: it
# looks for included files in the current directory and the -I directories,
# not beside the including source).
#
#   tools/build_opencl_binaries.sh           rebuild every binary in place
#   tools/build_opencl_binaries.sh --check   rebuild into a temporary directory
#                                            and compare with the checked-in bytes
#   tools/build_opencl_binaries.sh --list    print the clrxasm command of each binary
#
# clrxasm: $CLRXASM, else the one on PATH, else the one tools/build_clrx.sh
# builds (${CLRX_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gcnref/clrx}/bin).
# The binaries were made by clrxasm 0.1.9 (CLRadeonExtender), whose version
# string is part of every binary's bytes.
#
# --check exits 0 when every binary is identical, 1 naming each binary that
# differs or is missing (and each corpus/opencl/*.bin no command makes),
# 2 on a usage or tool error.
set -euo pipefail

prog=build_opencl_binaries.sh
die() { echo "$prog: error: $*" >&2; exit 2; }
usage() { sed -n '2,21s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

mode=build
for arg in "$@"; do
  case "$arg" in
    --check) mode=check ;;
    --list) mode=list ;;
    -h|--help) usage; exit 0 ;;
    *) echo "$prog: unknown argument: $arg" >&2; usage >&2; exit 2 ;;
  esac
done

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
corpus=corpus/opencl

# kernel, format, gcnref processor, clrxasm device (-g)
builds=(
  "vadd   amd     gfx600 tahiti"
  "vadd   amd     gfx700 spectre"
  "vadd   amd     gfx803 fiji"
  "vadd   amdcl2  gfx700 spectre"
  "vadd   amdcl2  gfx803 fiji"
  "vadd   amdcl2  gfx900 gfx900"
  "vadd   gallium gfx600 tahiti"
  "vadd   gallium gfx700 spectre"
  "vadd   gallium gfx803 fiji"
  "vadd   gallium gfx900 gfx900"
  "reduce amd     gfx600 tahiti"
  "reduce amd     gfx700 spectre"
  "reduce amd     gfx803 fiji"
  "reduce amdcl2  gfx700 spectre"
  "reduce amdcl2  gfx803 fiji"
  "reduce amdcl2  gfx900 gfx900"
  "reduce gallium gfx600 tahiti"
  "reduce gallium gfx700 spectre"
  "reduce gallium gfx803 fiji"
  "reduce gallium gfx900 gfx900"
  "cbuf   amd     gfx600 tahiti"
  "cbuf   amd     gfx700 spectre"
  "cbuf   amd     gfx803 fiji"
  "cbuf   amdcl2  gfx700 spectre"
  "cbuf   amdcl2  gfx803 fiji"
  "cbuf   amdcl2  gfx900 gfx900"
  "cbuf   gallium gfx600 tahiti"
  "cbuf   gallium gfx700 spectre"
  "cbuf   gallium gfx803 fiji"
  "cbuf   gallium gfx900 gfx900"
)

# The command that makes one binary, run from the repository root, with the
# output directory as $1 (corpus/opencl when building in place).
command_for() {
  local out_dir=$1 kernel=$2 format=$3 proc=$4 device=$5
  echo "clrxasm -b $format -g $device -I $corpus -o $out_dir/$kernel.$format.$proc.bin $corpus/$kernel.$format.s"
}

if [[ $mode == list ]]; then
  for b in "${builds[@]}"; do
    # shellcheck disable=SC2086
    command_for "$corpus" $b
  done
  exit 0
fi

find_clrxasm() {
  if [[ -n "${CLRXASM:-}" ]]; then
    [[ -x "$CLRXASM" ]] || die "CLRXASM=$CLRXASM is not an executable"
    echo "$CLRXASM"
    return
  fi
  if command -v clrxasm >/dev/null 2>&1; then
    command -v clrxasm
    return
  fi
  local cached=${CLRX_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gcnref/clrx}/bin/clrxasm
  [[ -x "$cached" ]] || die "clrxasm not found on PATH nor at $cached (build it with tools/build_clrx.sh, or set CLRXASM)"
  echo "$cached"
}
clrxasm=$(find_clrxasm)
clrxasm=$(readlink -f "$clrxasm")  # absolute: the builds run from the repository root
version=$("$clrxasm" --version 2>/dev/null | head -n 1 || true)
[[ "$version" == *" 0.1.9"* ]] ||
  echo "$prog: warning: $clrxasm is '$version', not 0.1.9: the bytes will differ (version string)" >&2

cd "$repo_root"
if [[ $mode == check ]]; then
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/opencl_binaries.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  out_dir=$tmp
else
  out_dir=$corpus
fi

for b in "${builds[@]}"; do
  read -r kernel format proc device <<<"$b"
  # clrxasm prints its own diagnostics.
  "$clrxasm" -b "$format" -g "$device" -I "$corpus" \
      -o "$out_dir/$kernel.$format.$proc.bin" "$corpus/$kernel.$format.s" ||
    die "failed: $(command_for "$out_dir" "$kernel" "$format" "$proc" "$device")"
done

if [[ $mode == build ]]; then
  echo "$prog: built ${#builds[@]} binaries in $corpus with $clrxasm ($version)"
  exit 0
fi

status=0
declare -A made=()
for b in "${builds[@]}"; do
  read -r kernel format proc _ <<<"$b"
  name=$kernel.$format.$proc.bin
  made[$name]=1
  if [[ ! -f "$corpus/$name" ]]; then
    echo "missing: $corpus/$name"
    status=1
  elif ! cmp -s "$tmp/$name" "$corpus/$name"; then
    echo "differs: $corpus/$name"
    status=1
  fi
done
shopt -s nullglob
for f in "$corpus"/*.bin; do
  if [[ -z "${made[$(basename "$f")]:-}" ]]; then
    echo "no command builds: $f"
    status=1
  fi
done
if [[ $status == 0 ]]; then
  echo "$prog: all ${#builds[@]} binaries match (clrxasm: $clrxasm, $version)"
fi
exit $status
