#!/bin/bash
# The gcnref command line end to end: known answers for asm and disasm, and
# disasm reading the same random stream as raw bytes and as --hex: both must
# print the same instruction lines (raw input names bad words by byte
# offset, hex input by line and column) and exit codes.
set -u
G=${1:?usage: cli_test.sh path/to/gcnref}
T=${TEST_TMPDIR:-$(mktemp -d)}
fail=0
check() {  # name, expected, actual
  if [ "$2" != "$3" ]; then
    echo "FAIL $1"; echo "  expected: $2"; echo "  actual:   $3"; fail=1
  else
    echo "ok   $1"
  fi
}

check "disasm --hex known word" $'\ts_mov_b32 s0, s1' \
  "$(printf '0x01,0x00,0x80,0xbe\n' | "$G" disasm --mcpu=gfx900 --hex -)"
check "asm --show-encoding known line" 's_mov_b32 s0, s1 ; encoding: [0x01,0x00,0x80,0xbe]' \
  "$(echo 's_mov_b32 s0, s1' | "$G" asm --mcpu=gfx900 --show-encoding - | grep encoding | tr -s ' \t' ' ' | sed 's/^ //')"
check "asm resolves a branch to a label" $'l:\n\ts_branch 65535 ; encoding: [0xff,0xff,0x82,0xbf]' \
  "$(printf 'l:\ns_branch l\n' | "$G" asm --mcpu=gfx900 --show-encoding - | grep -v '\.text' | tr -s ' ' ' ')"
check "asm names an undefined label" "<stdin>:1:10: error: undefined label 'nowhere'" \
  "$(printf 's_branch nowhere\n' | "$G" asm --mcpu=gfx900 - 2>&1 >/dev/null | head -1)"
# An MFMA word: gfx908's C and D are AccVGPRs whatever ACC_CD says; on
# gfx90a ACC_CD clear means VGPRs; gfx940 names the same op after its
# block count, and spells the cache bits sc0/nt/sc1.
check "gfx908: MFMA with AccVGPRs" 'v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3]' \
  "$(printf '0x00,0x00,0xc2,0xd3,0x01,0x05,0x02,0x04\n' | "$G" disasm --mcpu=gfx908 --hex - | tr -d '\t')"
check "gfx90a: MFMA with VGPR C and D" 'v_mfma_f32_4x4x1f32 v[0:3], v1, v2, v[0:3]' \
  "$(printf '0x00,0x00,0xc2,0xd3,0x01,0x05,0x02,0x04\n' | "$G" disasm --mcpu=gfx90a --hex - | tr -d '\t')"
check "gfx940: MFMA by its CDNA3 name" 'v_mfma_f32_4x4x1_16b_f32 v[0:3], v1, v2, v[0:3]' \
  "$(printf '0x00,0x00,0xc2,0xd3,0x01,0x05,0x02,0x04\n' | "$G" disasm --mcpu=gfx940 --hex - | tr -d '\t')"
check "gfx942: the old MFMA name is an alias" 'v_mfma_f32_4x4x1_16b_f32 v[0:3], v1, v2, v[0:3] ; encoding: [0x00,0x00,0xc2,0xd3,0x01,0x05,0x02,0x04]' \
  "$(echo 'v_mfma_f32_4x4x1f32 v[0:3], v1, v2, v[0:3]' | "$G" asm --mcpu=gfx942 --show-encoding - | grep encoding | tr -s ' \t' ' ' | sed 's/^ //')"
check "gfx940: cache bits sc0 nt sc1" 'global_load_dword v0, v[0:1], off sc0 nt sc1' \
  "$(printf '0x00,0x80,0x53,0xde,0x00,0x00,0x7f,0x00\n' | "$G" disasm --mcpu=gfx940 --hex - | tr -d '\t')"
printf '0x01,0x00,0x80,0xbe\nzz\n' | "$G" disasm --mcpu=gfx900 --hex - > "$T/bad.out" 2> "$T/bad.err"
check "bad hex token: exit code" 1 "$?"
check "bad hex token: message names line and column" '-:2:1: error: invalid input token' "$(cat "$T/bad.err")"

# 40,000 pseudo-random bytes (fixed seed): words of every encoding, many of
# them undecodable, in 16-byte lines (the fast readers' shape) plus a short
# tail line.
LC_ALL=C awk 'BEGIN { srand(7); for (i = 0; i < 40003; ++i) printf "%c", int(rand() * 256) }' > "$T/rand.bin"
LC_ALL=C od -An -v -tx1 -w16 "$T/rand.bin" |
  awk '{ s = ""; for (i = 1; i <= NF; ++i) s = s (i > 1 ? "," : "") "0x" $i; print s }' > "$T/rand.hex"
check "random stream size" 40003 "$(LC_ALL=C wc -c < "$T/rand.bin" | tr -d ' ')"
at='s/ at [^ ]*: / at POS: /'  # marker lines name the position each way
for cpu in gfx600 gfx803 gfx900; do
  "$G" disasm --mcpu=$cpu "$T/rand.bin" > "$T/raw.out" 2> "$T/raw.err"; raw_rc=$?
  "$G" disasm --mcpu=$cpu --hex "$T/rand.hex" > "$T/hex.out" 2> "$T/hex.err"; hex_rc=$?
  check "$cpu: some lines decoded" yes "$( [ "$(grep -c '^	[a-z]' "$T/raw.out")" -gt 1000 ] && echo yes || echo no)"
  check "$cpu: some words refused" yes "$( [ "$(grep -c 'invalid instruction encoding' "$T/raw.err")" -gt 100 ] && echo yes || echo no)"
  check "$cpu: raw and --hex print the same" "$(sed "$at" "$T/raw.out" | md5sum) $(wc -l < "$T/raw.err") $raw_rc" \
    "$(sed "$at" "$T/hex.out" | md5sum) $(wc -l < "$T/hex.err") $hex_rc"
done

# A malformed line in the middle of a long run of good ones: the fast
# line reader hands it to the general one, which reports it.
{ head -n 1000 "$T/rand.hex"; echo '0x01,0x02,0xg3'; tail -n +1001 "$T/rand.hex"; } > "$T/mixed.hex"
"$G" disasm --mcpu=gfx900 --hex "$T/mixed.hex" > "$T/m1.out" 2>&1; m1=$?
check "malformed line: exit code" 1 "$m1"
check "malformed line: reported at line 1001" yes "$(grep -q ':1001:' "$T/m1.out" && echo yes || echo no)"
# bench on a small stream (figures not judged: timing is not a test): the
# real-code line names the corpus kernels it decoded; llvm-mc not run.
"$G" bench --mcpu=gfx900 --count=2000 --iterations=1 --llvm-mc=/nonexistent/llvm-mc > "$T/bench.out" 2>&1
check "bench: exit code" 0 "$?"
check "bench: decodes the corpus kernels' code" yes \
  "$(grep -Eq 'corpus kernel code: +[0-9.]+ M instructions/s \([1-9][0-9]* code objects, [1-9][0-9]* instructions repeated to [0-9]+\)' "$T/bench.out" && echo yes || echo no)"
check "bench: llvm-mc missing is reported" yes "$(grep -q 'not run' "$T/bench.out" && echo yes || echo no)"
# gfx90a and gfx942 code objects clang-19 writes (code object v5): the MFMA
# kernel's RSRC3 ACCUM_OFFSET and AGPR data read and print without a
# warning, and the disassembly matches llvm-objdump-19's text instruction by
# instruction (gfx942 under the CDNA3 MFMA name).
if command -v clang-19 > /dev/null && command -v ld.lld-19 > /dev/null && command -v llvm-objdump-19 > /dev/null; then
  cat > "$T/kmfma.cl" <<'CL'
typedef float float4 __attribute__((ext_vector_type(4)));
__kernel void mfma(__global float4* out, __global const float* a, __global const float* b) {
  uint i = __builtin_amdgcn_workitem_id_x();
  out[i] = __builtin_amdgcn_mfma_f32_4x4x1f32(a[i], b[i], out[i], 0, 0, 0);
}
CL
  for cpu in gfx90a gfx942; do
    mfma=v_mfma_f32_4x4x1f32
    [ "$cpu" = gfx942 ] && mfma=v_mfma_f32_4x4x1_16b_f32
    clang-19 -target amdgcn-amd-amdhsa -mcpu=$cpu -nogpulib -O2 -x cl "$T/kmfma.cl" -o "$T/k$cpu.co" 2> "$T/k$cpu.cc.err"
    check "$cpu code object: clang-19 builds it" 0 "$?"
    "$G" objdump "$T/k$cpu.co" > "$T/k$cpu.out" 2> "$T/k$cpu.err"
    check "$cpu objdump: exit code" 0 "$?"
    check "$cpu objdump: no warnings" "" "$(cat "$T/k$cpu.err")"
    check "$cpu objdump: target" yes "$(grep -q "processor $cpu" "$T/k$cpu.out" && echo yes || echo no)"
    check "$cpu objdump: accum_offset listed" yes "$(grep -Eq '^ +accum_offset +[0-9]+' "$T/k$cpu.out" && echo yes || echo no)"
    check "$cpu objdump: MFMA disassembled" yes "$(grep -q "$mfma [av]\[" "$T/k$cpu.out" && echo yes || echo no)"
    llvm-objdump-19 -d --no-show-raw-insn --no-leading-addr "$T/k$cpu.co" | grep -E '^\s+[a-z]' | sed 's/ *\/\/.*//; s/[[:space:]]\+/ /g; s/^ //; s/ $//' > "$T/k$cpu.llvm"
    grep -E '^\s+[a-z]' "$T/k$cpu.out" | grep -v '^ ' | sed 's/ *\/\/.*//; s/[[:space:]]\+/ /g; s/^ //; s/ $//' > "$T/k$cpu.ours"
    # llvm-objdump-19 goes on into the section's s_nop padding after the kernel.
    check "$cpu objdump: same text as llvm-objdump-19" "$(head -n "$(wc -l < "$T/k$cpu.ours")" "$T/k$cpu.llvm")" \
      "$(cat "$T/k$cpu.ours")"
    check "$cpu objdump: the kernel has instructions" yes "$( [ "$(wc -l < "$T/k$cpu.ours")" -gt 8 ] && echo yes || echo no)"
  done
else
  echo "SKIPPED (loudly): gfx90a/gfx942 code object checks need clang-19, ld.lld-19 and llvm-objdump-19 (tools/setup.sh installs them)"
fi
# OpenCL binaries of the AMD and Mesa stacks (corpus/opencl): objdump names
# the format, ABI and user data; run dispatches with the format's ABI;
# a Gallium binary needs --mcpu; a truncated binary is an error, not a crash.
CL=corpus/opencl
"$G" objdump "$CL/vadd.amd.gfx700.bin" > "$T/cl.out" 2> "$T/cl.err"
check "AMD OpenCL 1.2 objdump: exit code" 0 "$?"
check "AMD OpenCL 1.2 objdump: format" yes "$(grep -q 'AMD OpenCL 1.2 binary (32-bit), AMD OpenCL 1.2 ABI' "$T/cl.out" && echo yes || echo no)"
check "AMD OpenCL 1.2 objdump: user data" yes "$(grep -q 's\[2:3\] PTR_UAV_TABLE slot 0' "$T/cl.out" && echo yes || echo no)"
check "AMD OpenCL 1.2 objdump: disassembly ends the kernel" yes "$(grep -q 's_endpgm' "$T/cl.out" && echo yes || echo no)"
"$G" objdump "$CL/vadd.gallium.gfx803.bin" > /dev/null 2> "$T/gal.err"
check "Gallium objdump without --mcpu: exit code" 1 "$?"
check "Gallium objdump without --mcpu: says why" yes "$(grep -q 'do not name their processor' "$T/gal.err" && echo yes || echo no)"
"$G" objdump --mcpu=gfx803 "$CL/vadd.gallium.gfx803.bin" > /dev/null 2>&1
check "Gallium objdump --mcpu=gfx803: exit code" 0 "$?"
head -c 1500 "$CL/vadd.amd.gfx700.bin" > "$T/trunc.bin"
"$G" objdump "$T/trunc.bin" > /dev/null 2> "$T/trunc.err"
check "truncated AMD OpenCL 1.2 binary: exit code" 1 "$?"
check "truncated AMD OpenCL 1.2 binary: names the format" yes "$(grep -q 'AMD OpenCL 1.2 binary: ' "$T/trunc.err" && echo yes || echo no)"
for i in $(seq 64); do printf '\x01\x00\x00\x00'; done > "$T/ones.bin"
for i in $(seq 64); do printf '\x02\x00\x00\x00'; done > "$T/twos.bin"
for f in vadd.amd.gfx700 vadd.amdcl2.gfx803 vadd.gallium.gfx900; do
  rm -f "$T/arg2.bin"
  "$G" run "$CL/$f.bin" --mcpu="${f##*.}" --kernel vadd --grid 64 --block 64 --arg "buffer:$T/ones.bin" \
    --arg "buffer:$T/twos.bin" --arg zeros:256 --arg u32:64 --out-dir "$T" --quiet
  check "run $f: exit code" 0 "$?"
  check "run $f: c = a + b" 3 "$(od -An -tu4 -v "$T/arg2.bin" | tr -s ' ' '\n' | grep -v '^$' | sort -u)"
done
# The float MFMA numeric models: with A = +-2^30 over k and C = 1, one
# fused multiply-add per k loses C (v0 stays 0, unlisted); the exact sum keeps it.
cat > "$T/cancel.s" <<'EOF2'
v_mov_b32 v32, 0x4e800000
s_mov_b32 exec_lo, 0
v_mov_b32 v32, 0xce800000
s_mov_b32 exec_lo, -1
v_mov_b32 v33, 1.0
v_mfma_f32_32x32x2f32 v[0:15], v32, v33, 1.0
s_endpgm
EOF2
check "exec: fma-chain model loses C" 0 \
  "$("$G" exec --mcpu=gfx90a "$T/cancel.s" | grep -c '^v0 =')"
check "exec: exact-sum model keeps C" 'v0 = 0x3f800000 (all lanes)' \
  "$("$G" exec --mcpu=gfx90a --matrix-numerics=exact-sum "$T/cancel.s" | grep '^v0 =')"
check "exec: unknown numeric model" "gcnref exec: --matrix-numerics is fma-chain or exact-sum, not 'exact'" \
  "$("$G" exec --mcpu=gfx90a --matrix-numerics=exact "$T/cancel.s" 2>&1)"
exit $fail
