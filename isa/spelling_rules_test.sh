#!/usr/bin/env bash
# Instruction facts live in the tables (isa/tables/*.inc, InstFlag): no
# code outside them may decide anything from the spelling of a mnemonic.
# Scans every C++ source given as an argument (tests, which look rows up by
# name, and the tables themselves excepted) for a mnemonic compared with,
# searched for or cut against an instruction-name literal. A hit names the
# file and line; move the fact into the table as a flag or operand kind.
# And the other way round: every row flag (InstFlag in isa/inst_desc.h) is
# read by some code outside the tables, tests and comments, or it is a fact
# nobody uses.
set -uo pipefail

prefix='(v|s|ds|buffer|tbuffer|image|flat|global|scratch|exp)_'
patterns=(
  "mnemonic.*\"${prefix}"
  'mnemonic[a-z_]*\.(find|rfind|substr|compare|starts_with)\('
  "\\bmn\\b.*\"${prefix}"
  '\bmn\.(find|rfind|substr|compare|starts_with)\("'
  "\\.substr\\([^)]*\\) *[!=]= *\"${prefix}"
  # a list of instruction names, looked up to pick rows out
  "\"${prefix}[a-z0-9_]+\", *\"${prefix}[a-z0-9_]+\", *\"${prefix}"
)

files=0
hits=0
for f in "$@"; do
  case "$f" in
    *_test.cc|*/isa/tables/*|*/isa/errata/*|isa/tables/*|isa/errata/*) continue ;;
  esac
  files=$((files + 1))
  for p in "${patterns[@]}"; do
    # Comment lines say what the code does not do; skip them.
    out="$(grep -nE "$p" "$f" | grep -vE '^[0-9]+:[[:space:]]*//' || true)"
    if [[ -n "$out" ]]; then
      while IFS= read -r line; do
        echo "$f:$line" >&2
        hits=$((hits + 1))
      done <<<"$out"
    fi
  done
done

# Code that may read a flag: the scanned sources, comments cut, the flag
# declarations themselves left out.
desc=""
code="$(mktemp)"
trap 'rm -f "$code"' EXIT
for f in "$@"; do
  case "$f" in
    *_test.cc|*/isa/tables/*|*/isa/errata/*|isa/tables/*|isa/errata/*) continue ;;
    *isa/inst_desc.h) desc="$f" ;;
  esac
  sed -E 's://.*$::' "$f" | grep -vE '^[[:space:]]*F_[A-Z0-9_]+ *= *' >>"$code"
done
if [[ -z "$desc" ]]; then
  echo "isa/inst_desc.h not among the sources: the flag check would prove nothing" >&2
  exit 1
fi
nflags=0
for flag in $(grep -oE '^[[:space:]]*F_[A-Z0-9_]+ *=' "$desc" | grep -oE 'F_[A-Z0-9_]+'); do
  [[ "$flag" == F_NONE ]] && continue
  nflags=$((nflags + 1))
  if ! grep -qw -- "$flag" "$code"; then
    echo "$desc: row flag $flag is read by no code" >&2
    hits=$((hits + 1))
  fi
done
if ((nflags < 20)); then
  echo "only $nflags row flags found in $desc: the flag check would prove nothing" >&2
  exit 1
fi

if ((files < 50)); then
  echo "only $files source files given: the scan would prove nothing" >&2
  exit 1
fi
if ((hits)); then
  echo "$hits finding(s): a decision from a mnemonic's spelling or an unread flag (of $files files scanned)" >&2
  exit 1
fi
echo "$files source files scanned: no decision from a mnemonic's spelling; $nflags row flags, each read by code"
