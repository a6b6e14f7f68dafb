#!/bin/bash
# Fails when fuzz/asm_fuzzer.dict is not what gen_inputs generates from the
# current tables (a new row or modifier is missing from the dictionary).
gen=$1 dict=$2
if ! diff <("$gen" dict) "$dict" > /tmp/dict_test.diff.$$ 2>&1; then
  echo "fuzz/asm_fuzzer.dict is out of date with the ISA tables; regenerate with" >&2
  echo "  bazel run //fuzz:gen_inputs -- dict > fuzz/asm_fuzzer.dict" >&2
  head -20 /tmp/dict_test.diff.$$ >&2
  rm -f /tmp/dict_test.diff.$$
  exit 1
fi
rm -f /tmp/dict_test.diff.$$
echo "asm_fuzzer.dict is up to date ($(grep -c '^"' "$dict") entries)"
