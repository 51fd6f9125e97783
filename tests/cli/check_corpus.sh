#!/bin/sh
# `pakt check BAD.yaml` prints exactly the lines expected_diagnostics.txt lists for BAD.yaml (the
# generator's own diagnostics), then "N error(s)", and exits 1.
# usage: check_corpus.sh PAKT SOURCE_DIR tests/schemas/bad/NAME.yaml
set -u
pakt=$1 root=$2 schema=$3
cd "$root" || exit 1
expected=$(grep -F "$schema:" tests/schemas/bad/expected_diagnostics.txt)
[ -n "$expected" ] || { echo "no expected diagnostics for $schema"; exit 1; }
n=$(printf '%s\n' "$expected" | wc -l)
[ "$n" -eq 1 ] && count="1 error" || count="$n errors"
actual=$("$pakt" check "$schema" 2>&1 >/dev/null)
code=$?
want=$(printf '%s\n%s' "$expected" "$count")
if [ "$code" -ne 1 ] || [ "$actual" != "$want" ]; then
  echo "pakt check $schema: exit $code"
  echo "--- expected"; printf '%s\n' "$want"
  echo "--- actual"; printf '%s\n' "$actual"
  exit 1
fi
