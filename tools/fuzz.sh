#!/bin/bash
# Runs a local libFuzzer campaign on one of the fuzz targets in fuzz/.
#
#   tools/fuzz.sh [--seed DIR] TARGET SECONDS [extra libFuzzer flags]
#
# Builds //fuzz:TARGET with --config=fuzz (clang-16, libFuzzer, ASan, UBSan;
# in $GCNREF_BAZEL_OUTPUT_BASE if set) unless $GCNREF_FUZZ_BIN names a
# directory holding an already built TARGET (e.g. fuzz/oss-fuzz/build.sh's $OUT). Fuzzes for SECONDS from
# corpus/fuzz/TARGET with fuzz/TARGET.dict and fuzz/TARGET.options, new
# inputs going to a scratch directory that is then merged back into
# corpus/fuzz/TARGET (-merge=1: only inputs adding coverage are kept).
# --seed DIR first merges DIR (gen_inputs seeds output) into the corpus.
# Prints exec/s, coverage (libFuzzer's cov: and ft:) and findings; a crash
# input is kept in the scratch directory (printed) and the exit status is 1.
set -euo pipefail
cd "$(dirname "$0")/.."

seed=""
if [ "${1:-}" = --seed ]; then seed=$2; shift 2; fi
if [ $# -lt 2 ]; then
  sed -n '2,/^set -/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
fi
target=$1 secs=$2
shift 2

if [ -n "${GCNREF_FUZZ_BIN:-}" ]; then
  bin=$GCNREF_FUZZ_BIN/$target
else
  # $GCNREF_BAZEL_OUTPUT_BASE: a private output base (several people building
  # in one checkout); the binary's path comes from `bazel info`, not from the
  # shared ./bazel-bin symlink.
  bz=(bazel ${GCNREF_BAZEL_OUTPUT_BASE:+--output_base=$GCNREF_BAZEL_OUTPUT_BASE})
  "${bz[@]}" build --config=fuzz "//fuzz:$target"
  bin=$("${bz[@]}" info --config=fuzz bazel-bin)/fuzz/$target
fi
[ -x "$bin" ] || { echo "fuzz.sh: no fuzzer binary $bin" >&2; exit 2; }

corpus=corpus/fuzz/$target
mkdir -p "$corpus"
scratch=$(mktemp -d "/tmp/fuzz-$target.XXXXXX")
mkdir -p "$scratch/new"
flags=(-artifact_prefix="$scratch/" -print_final_stats=1)
[ -f "fuzz/$target.dict" ] && flags+=(-dict="fuzz/$target.dict")
if [ -f "fuzz/$target.options" ]; then
  while IFS=' =' read -r k v; do
    [[ "$k" =~ ^[a-z_]+$ ]] && [ "$k" != dict ] && flags+=("-$k=$v")
  done < "fuzz/$target.options"
fi

if [ -n "$seed" ]; then
  before=$(ls "$corpus" | wc -l)
  "$bin" -merge=1 "${flags[@]}" "$corpus" "$seed" > "$scratch/seed.log" 2>&1
  echo "seeds: $(ls "$seed" | wc -l) offered, corpus $before -> $(ls "$corpus" | wc -l) files"
fi

status=0
if [ "$secs" -gt 0 ]; then
  "$bin" -max_total_time="$secs" "${flags[@]}" "$@" "$scratch/new" "$corpus" \
    > "$scratch/fuzz.log" 2>&1 || status=$?
  before=$(ls "$corpus" | wc -l)
  "$bin" -merge=1 "${flags[@]}" "$corpus" "$scratch/new" > "$scratch/merge.log" 2>&1 || true
  after=$(ls "$corpus" | wc -l)

  last=$(grep -E '^#[0-9]+' "$scratch/fuzz.log" | tail -1 || true)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/fuzz.log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$scratch/fuzz.log" | tail -1)
  cov=$(echo "$last" | grep -o 'cov: [0-9]*' | cut -d' ' -f2 || true)
  ft=$(echo "$last" | grep -o 'ft: [0-9]*' | cut -d' ' -f2 || true)
  echo "target:    $target"
  echo "runtime:   ${secs}s, ${execs:-?} executions"
  echo "exec/s:    ${rate:-?}"
  echo "coverage:  cov ${cov:-?} edges, ft ${ft:-?} features"
  echo "corpus:    $before -> $after files ($corpus)"
  findings=$(grep -aE 'FINDING|IGNORED FINDING|ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|ERROR: libFuzzer|Test unit written' \
             "$scratch/fuzz.log" || true)
  if [ -n "$findings" ]; then
    echo "findings:"
    echo "$findings" | sed 's/^/  /'
    status=1
  else
    echo "findings:  none"
  fi
fi
echo "log:       $scratch"
exit $status
