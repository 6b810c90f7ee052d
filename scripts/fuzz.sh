#!/usr/bin/env bash
# fuzz.sh runs every Go fuzz target in the repo for the given time each (default 30s).
set -euo pipefail
cd "$(dirname "$0")/.."
t=${1:-30s}
grep -rl --include='*_test.go' '^func Fuzz' . | xargs -n1 dirname | sort -u | while read -r dir; do
  for f in $(grep -h '^func Fuzz' "$dir"/*_test.go | sed -E 's/func (Fuzz[A-Za-z0-9_]*).*/\1/'); do
    echo "== $dir $f ($t)"
    go test -run '^$' -fuzz "^$f\$" -fuzztime "$t" "$dir"
  done
done
