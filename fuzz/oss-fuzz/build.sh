#!/bin/bash -eu
set -o pipefail
# OSS-Fuzz build script for gcnref (https://google.github.io/oss-fuzz/).
# Uses only OSS-Fuzz's variables: $CC $CXX $CFLAGS $CXXFLAGS
# $LIB_FUZZING_ENGINE $SRC $OUT $WORK. Builds every fuzzer listed in
# fuzz/oss-fuzz/manifest.txt with a plain compiler (no Bazel), and ships for
# each <fuzzer>: the binary, <fuzzer>_seed_corpus.zip (corpus/fuzz/<fuzzer>),
# <fuzzer>.dict (fuzz/<fuzzer>.dict when present) and <fuzzer>.options.
#
# Local check (clang-16 + libFuzzer + ASan):
#   CC=clang-16 CXX=clang++-16 CFLAGS= \
#   CXXFLAGS="-fsanitize=address,fuzzer-no-link -g -O1" \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer SRC=/path/above/repo \
#   OUT=/tmp/ossfuzz-out WORK=/tmp/ossfuzz-work fuzz/oss-fuzz/build.sh

REPO=${GCNREF_DIR:-$SRC/gcnref}
MANIFEST=$REPO/fuzz/oss-fuzz/manifest.txt
# msgpack-cxx is header-only: the Dockerfile checks it out into $SRC, a
# Debian/Ubuntu machine has it in /usr/include (libmsgpack-cxx-dev).
MSGPACK_INC=${MSGPACK_INC:-$SRC/msgpack-c/include}
INCLUDES="-I$REPO"
[ -d "$MSGPACK_INC" ] && INCLUDES="$INCLUDES -I$MSGPACK_INC"
DEFS="-DMSGPACK_NO_BOOST"
OBJ=$WORK/gcnref-obj
mkdir -p "$OBJ" "$OUT"
JOBS=${JOBS:-$(nproc)}

cd "$REPO"

# Objects in $WORK are reused across runs unless the source or any header
# changed since (a stamp with the newest header's time).
HDR_STAMP=$WORK/gcnref-headers.stamp
touch -d "@$(find . -name '*.h' -o -name '*.inc' | xargs stat -c %Y | sort -n | tail -1)" "$HDR_STAMP"
compile() {  # src obj
  mkdir -p "$(dirname "$2")"
  if [ ! -f "$2" ] || [ "$1" -nt "$2" ] || [ "$HDR_STAMP" -nt "$2" ]; then
    $CXX $CXXFLAGS -std=c++17 $DEFS $INCLUDES -c "$1" -o "$2"
  fi
}
export -f compile
export CXX CXXFLAGS DEFS INCLUDES HDR_STAMP

# --- libraries: every source any fuzzer needs, compiled once, in parallel --
labels=$(sed 's/#.*//' "$MANIFEST" | awk '$1 == "fuzzer" { for (i = 3; i <= NF; i++) print $i }' | sort -u)
python3 "$REPO/fuzz/oss-fuzz/bazel_srcs.py" "$REPO" $labels | sort -u |
  while read -r f; do echo "$f $OBJ/${f%.cc}.o"; done |
  xargs -P "$JOBS" -L 1 bash -c 'compile "$0" "$1"'

# --- fuzzers -------------------------------------------------------------
while read -r kind name libs; do
  [ "$kind" = fuzzer ] || continue
  objs=$(python3 "$REPO/fuzz/oss-fuzz/bazel_srcs.py" "$REPO" $libs | sort -u |
         while read -r f; do echo "$OBJ/${f%.cc}.o"; done)
  compile "fuzz/$name.cc" "$OBJ/fuzz/$name.o"
  $CXX $CXXFLAGS "$OBJ/fuzz/$name.o" $objs $LIB_FUZZING_ENGINE -lpthread -o "$OUT/$name"

  rm -f "$OUT/${name}_seed_corpus.zip"
  if [ -d "corpus/fuzz/$name" ]; then
    (cd "corpus/fuzz/$name" && zip -q -r "$OUT/${name}_seed_corpus.zip" .)
  fi
  [ -f "fuzz/$name.dict" ] && cp "fuzz/$name.dict" "$OUT/$name.dict"
  # fuzz/NAME.options is shared with tools/fuzz.sh (max_len per input kind).
  cp "fuzz/$name.options" "$OUT/$name.options"
  if [ -f "fuzz/$name.dict" ]; then echo "dict = $name.dict" >> "$OUT/$name.options"; fi
  echo "built $OUT/$name"
done < <(sed 's/#.*//' "$MANIFEST")
