#!/usr/bin/env bash
# Builds CLRX's clrxasm and clrxdisasm (the peer for `gcnref diff
# --tool=generic:...`) from the CLRX source tarball, outside the repository.
#
#   tools/build_clrx.sh [CLRX_SRC_TGZ]
#
# Tarball: the argument, else $CLRX_SRC_TGZ, else ../shared/peers/clrx-src.tgz
# next to the repository root. Cache: $CLRX_CACHE_DIR, else
# ${XDG_CACHE_HOME:-$HOME/.cache}/gcnref/clrx.
#
# On success stdout is exactly two lines, meant for `eval "$(tools/build_clrx.sh)"`:
#   clrxasm=/abs/path/clrxasm
#   clrxdisasm=/abs/path/clrxdisasm
# Everything else (progress, errors) goes to stderr. A second run with the same
# tarball only prints the paths. Needs cmake, make and a C++ compiler; never
# touches the network.
set -euo pipefail

prog=build_clrx.sh
log() { echo "$prog: $*" >&2; }
die() { echo "$prog: error: $*" >&2; exit 1; }

usage() {
  sed -n '2,16s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

tgz_arg=
for arg in "$@"; do
  case "$arg" in
    -h|--help) usage; exit 0 ;;
    -*) echo "$prog: unknown option: $arg" >&2; usage >&2; exit 2 ;;
    *)
      [[ -z "$tgz_arg" ]] || { echo "$prog: only one tarball argument is allowed" >&2; exit 2; }
      tgz_arg=$arg ;;
  esac
done

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
repo_root=$(cd "$script_dir/.." && pwd -P)

tgz=${tgz_arg:-${CLRX_SRC_TGZ:-$repo_root/../shared/peers/clrx-src.tgz}}
[[ -f "$tgz" ]] || die "CLRX source tarball not found: $tgz (pass its path as the argument or set CLRX_SRC_TGZ)"
tgz=$(cd "$(dirname "$tgz")" && pwd -P)/$(basename "$tgz")

cache=${CLRX_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gcnref/clrx}
cache=$(realpath -m "$cache")
# A CMake tree inside the repository would be seen by `bazel build //...` and git.
case "$cache/" in
  "$repo_root"/*) die "cache directory $cache is inside the repository $repo_root; set CLRX_CACHE_DIR elsewhere" ;;
esac
mkdir -p "$cache" || die "cannot create cache directory $cache"

bin_dir=$cache/bin
asm=$bin_dir/clrxasm
disasm=$bin_dir/clrxdisasm
stamp=$cache/stamp
build_log=$cache/build.log

# Static CLRX libraries so the printed paths run without LD_LIBRARY_PATH;
# everything CLRX could build beyond the two programs is switched off.
cmake_opts=(
  -DCMAKE_BUILD_TYPE=Release
  -DBUILD_STATIC_EXE=ON
  -DNO_OPENCL=ON
  -DNO_CLWRAPPER=ON
  -DBUILD_TESTS=OFF
  -DBUILD_SAMPLES=OFF
  -DBUILD_DOCUMENTATION=OFF
  -DBUILD_DOXYGEN=OFF
  -DBUILD_MANUAL=OFF
  -DBUILD_CLRXDOC=OFF
  -DFETCHCONTENT_FULLY_DISCONNECTED=ON
)

command -v sha256sum >/dev/null 2>&1 || die "sha256sum not found (Debian package: coreutils)"
tgz_hash=$(sha256sum "$tgz" | cut -d' ' -f1)
# The options are part of the stamp so that changing them here forces a rebuild.
want_stamp="$tgz_hash ${cmake_opts[*]}"

print_paths() {
  echo "clrxasm=$asm"
  echo "clrxdisasm=$disasm"
}

is_current() {
  [[ -x "$asm" && -x "$disasm" && -f "$stamp" ]] && [[ "$(cat "$stamp")" == "$want_stamp" ]]
}

if is_current; then
  print_paths
  exit 0
fi

# Two concurrent runs (e.g. parallel test jobs) must not build into the same tree.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$cache/.lock"
  flock 9
  if is_current; then
    print_paths
    exit 0
  fi
fi

missing=()
command -v cmake >/dev/null 2>&1 || missing+=("cmake (Debian package: cmake)")
command -v make >/dev/null 2>&1 || missing+=("make (Debian package: make)")
cxx=${CXX:-}
if [[ -n "$cxx" ]]; then
  command -v "${cxx%% *}" >/dev/null 2>&1 || missing+=("the C++ compiler named by CXX=$cxx")
else
  for c in c++ g++ clang++; do
    if command -v "$c" >/dev/null 2>&1; then cxx=$c; break; fi
  done
  [[ -n "$cxx" ]] || missing+=("a C++ compiler: c++, g++ or clang++ (Debian package: g++), or set CXX")
fi
command -v tar >/dev/null 2>&1 || missing+=("tar (Debian package: tar)")
if ((${#missing[@]})); then
  for m in "${missing[@]}"; do log "missing: $m"; done
  die "cannot build CLRX until the above is installed"
fi

work=$cache/work
rm -rf "$work" "$bin_dir" "$stamp"
mkdir -p "$work/src" "$work/build"
: >"$build_log"

fail() {
  log "build failed: $*; last lines of $build_log:"
  tail -n 30 "$build_log" >&2 || true
  exit 1
}

log "building clrxasm and clrxdisasm from $tgz in $cache (about two minutes; log: $build_log)"
tar xzf "$tgz" -C "$work/src" >>"$build_log" 2>&1 || fail "cannot unpack $tgz"
# The tarball holds one top-level directory; its name is not relied on.
src=$(find "$work/src" -mindepth 2 -maxdepth 2 -name CMakeLists.txt -printf '%h\n' | head -n 1)
[[ -n "$src" ]] || fail "no CMakeLists.txt at the top of $tgz"

(cd "$work/build" && CXX="$cxx" cmake "$src" "${cmake_opts[@]}") >>"$build_log" 2>&1 \
  || fail "cmake configure"
(cd "$work/build" && make -j2 clrxasm clrxdisasm) >>"$build_log" 2>&1 \
  || fail "make clrxasm clrxdisasm"

for t in clrxasm clrxdisasm; do
  [[ -x "$work/build/programs/$t" ]] || fail "$t was not produced in $work/build/programs"
done
mkdir -p "$bin_dir"
cp "$work/build/programs/clrxasm" "$asm"
cp "$work/build/programs/clrxdisasm" "$disasm"

# Catch a binary that would still need CLRX's shared libraries before promising
# that the paths run as they are.
printf 's_endpgm\n' >"$work/probe.s"
"$asm" -g tahiti -b rawcode -o "$work/probe.bin" "$work/probe.s" >>"$build_log" 2>&1 \
  || fail "the built clrxasm does not run"
"$disasm" -g tahiti -r "$work/probe.bin" >>"$build_log" 2>&1 \
  || fail "the built clrxdisasm does not run"

# The build tree is only needed to produce the two binaries; it is large.
rm -rf "$work"
echo "$want_stamp" >"$stamp"
print_paths
