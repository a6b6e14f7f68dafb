#!/bin/bash
# OSS-Fuzz builds gcnref without Bazel: fuzz/oss-fuzz/build.sh reads each
# fuzzer's sources from the BUILD files with bazel_srcs.py. Every fuzzer of
# the manifest must resolve (a BUILD file the script cannot read breaks the
# OSS-Fuzz build and nothing else), and the emulator fuzzer must link every
# definition file of semantics/defs (they register themselves in static
# initialisers: one left out is an instruction the fuzzer silently lacks).
#
# usage: oss_fuzz_srcs_test.sh BAZEL_SRCS_PY MANIFEST DEFS_SOURCES...
set -u
script=$1 manifest=$2
shift 2
repo=${TEST_SRCDIR:?}/${TEST_WORKSPACE:?}
fail=0
emulator_srcs="" seen_emulator=0
while read -r kind name libs; do
  [ "$kind" = fuzzer ] || continue
  [ "$name" = emulator_fuzzer ] && seen_emulator=1
  # shellcheck disable=SC2086
  if ! out=$(python3 "$script" "$repo" $libs 2>&1); then
    echo "FAIL: $name: $out"
    fail=1
    continue
  fi
  n=$(printf '%s\n' "$out" | grep -c '\.cc$')
  if [ "$n" -eq 0 ]; then
    echo "FAIL: $name: no sources"
    fail=1
  fi
  echo "$name: $n sources"
  [ "$name" = emulator_fuzzer ] && emulator_srcs=$out
done < <(sed 's/#.*//' "$manifest")

if [ "$seen_emulator" = 0 ]; then
  echo "FAIL: the manifest has no emulator_fuzzer"
  fail=1
fi
defs=0
for f in "$@"; do
  case "$f" in *_test.cc|*.h) continue ;; esac
  defs=$((defs + 1))
  if ! printf '%s\n' "$emulator_srcs" | grep -qx "$f"; then
    echo "FAIL: emulator_fuzzer's OSS-Fuzz sources lack $f"
    fail=1
  fi
done
echo "$defs definition files, all in emulator_fuzzer's sources"
[ "$defs" -gt 20 ] || { echo "FAIL: only $defs definition files seen"; fail=1; }
exit $fail
