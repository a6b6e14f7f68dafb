#!/bin/bash
# The checked-in binaries are what their sources assemble to with real
# CLRX (tools/build_opencl_binaries.sh --check). Without a built clrxasm the
# test says so loudly and passes: CLRX is built outside Bazel
# (tools/build_clrx.sh).
set -u
script=${1:?usage: rebuild_test.sh tools/build_opencl_binaries.sh}
# Test runners clear HOME: the cache is under the account's home.
home=$(getent passwd "$(id -u)" | cut -d: -f6)
clrxasm=${CLRX_CACHE_DIR:-${XDG_CACHE_HOME:-$home/.cache}/gcnref/clrx}/bin/clrxasm
if [[ ! -x "$clrxasm" ]]; then
  echo "*** SKIPPED: CLRX is not built (no $clrxasm); run tools/build_clrx.sh ***"
  exit 0
fi
CLRXASM=$clrxasm bash "$script" --check
