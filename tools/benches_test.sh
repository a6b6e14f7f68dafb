#!/usr/bin/env bash
# The benchmark binaries build, link and start: each lists its benchmarks
# (`bazel test //...` builds only what tests use, so this test is what
# keeps the benches compiling).
set -uo pipefail
fails=0
for b in "$@"; do
  out="$("$b" --benchmark_list_tests=true 2>&1)"
  rc=$?
  n="$(printf '%s\n' "$out" | grep -c . || true)"
  if ((rc != 0 || n == 0)); then
    echo "FAIL $b: exit $rc, $n benchmarks listed" >&2
    printf '%s\n' "$out" | head -5 >&2
    fails=$((fails + 1))
  else
    echo "ok   $b: $n benchmarks"
  fi
done
exit $((fails > 0))
