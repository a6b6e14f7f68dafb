#!/usr/bin/env bash
# Sets up a Debian 12 (bookworm) machine for gcnref and runs the main job.
#
#   tools/setup.sh              install what is missing, then
#                               bazel run -c opt //tools:gcnref -- verify
#   tools/setup.sh --deps-only  only install what is missing
#
# Idempotent: each package is checked with dpkg-query, and apt-get runs only
# when something is missing. Needs root (or password-less sudo) only then.
# Safe with no stdin and DEBIAN_FRONTEND=noninteractive.
set -euo pipefail

PACKAGES=(
  # Bazel 4.2.3, offline-capable (see WORKSPACE); runs on the system JDK.
  bazel-bootstrap
  default-jdk-headless
  # Default toolchain (gcc 12) and Bazel's helpers.
  build-essential
  g++
  python3
  python-is-python3   # py_binary/py_test stubs run `#!/usr/bin/env python`
  zip
  unzip
  git
  ca-certificates
  # clang-16 for --config=clang/asan/ubsan/fuzz; llvm-16 has llvm-symbolizer;
  # libclang-rt-16-dev has the sanitizer and libFuzzer runtimes.
  clang-16
  llvm-16
  lld-16
  libclang-rt-16-dev
  # llvm-mc-19: the second live peer, and the one that knows gfx941/gfx942;
  # clang-19 compiles kernels for the CDNA processors (it links with lld-19).
  llvm-19
  clang-19
  lld-19
  # llvm-mc-14 and -15: older peers with profiles of their own (difftest/profiles).
  llvm-14
  llvm-15
  # cmake: tools/build_clrx.sh builds CLRX, the peer for GFX6/GFX7.
  cmake
  # Libraries wrapped in //third_party.
  libz3-dev
  librapidcheck-dev
  libmsgpack-cxx-dev
  libgtest-dev
  libbenchmark-dev
)

usage() {
  sed -n '2,10s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

deps_only=0
for arg in "$@"; do
  case "$arg" in
    --deps-only) deps_only=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "setup.sh: unknown argument: $arg" >&2; usage >&2; exit 2 ;;
  esac
done

log() { echo "setup.sh: $*" >&2; }

is_installed() {
  local status
  status="$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null || true)"
  [[ "$status" == ii* ]]
}

install_missing() {
  local missing=() p
  for p in "${PACKAGES[@]}"; do
    is_installed "$p" || missing+=("$p")
  done
  if ((${#missing[@]} == 0)); then
    log "all ${#PACKAGES[@]} packages already installed"
    return 0
  fi
  log "installing: ${missing[*]}"

  local sudo=()
  if [[ "$(id -u)" -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo -n)
    else
      log "error: not root and no sudo; install as root: ${missing[*]}"
      return 1
    fi
  fi
  local apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q
             -o Dpkg::Use-Pty=0
             -o Dpkg::Options::=--force-confdef
             -o Dpkg::Options::=--force-confold)

  # One retry each: mirrors occasionally hiccup.
  "${apt[@]}" update </dev/null || { sleep 10; "${apt[@]}" update </dev/null; }
  "${apt[@]}" install -y --no-install-recommends "${missing[@]}" </dev/null || {
    sleep 10
    "${apt[@]}" install -y --no-install-recommends "${missing[@]}" </dev/null
  }

  for p in "${missing[@]}"; do
    is_installed "$p" || { log "error: $p is still not installed"; return 1; }
  done
}

install_missing

for tool in bazel clang-16 g++ python3; do
  command -v "$tool" >/dev/null 2>&1 || { log "error: $tool not on PATH after install"; exit 1; }
done

if ((deps_only)); then
  log "dependencies ready (--deps-only)"
  exit 0
fi

cd "$(dirname "${BASH_SOURCE[0]}")/.."
log "building and running: bazel run -c opt //tools:gcnref -- verify"
exec bazel run -c opt //tools:gcnref -- verify </dev/null
