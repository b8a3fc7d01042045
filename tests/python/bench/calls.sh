#!/usr/bin/env bash
# Per-call cost of kitsh's python3: 100 calls in one kitsh script, timed whole (wall, CPU,
# peak RSS), for `print(1)` and for the five imports of issue 43, then the CSV sum.
#
#   tests/python/bench/calls.sh [KITSH]      # default: target/release/kitsh
#
# Needs GNU time (/usr/bin/time). The figures go into docs/src/benchmarks.md (python3).
set -eu
kitsh=$(realpath "${1:-target/release/kitsh}")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
loop() { printf 'for i in $(seq 100); do python3 -c %q >/dev/null; done\n' "$1" > "$tmp/loop.sh"; }
report() { /usr/bin/time -f "$1: %e s wall, %U s user + %S s sys, peak RSS %M KB (100 calls)" "$kitsh" "$tmp/loop.sh"; }
loop 'print(1)'
report 'print(1)'
loop 'import json, re, csv, collections, datetime; print(1)'
report 'five imports'
bash "$here/gen_csv.sh" > "$tmp/sum.csv"
cp "$here/csv_sum.py" "$tmp/"
(cd "$tmp" && /usr/bin/time -f "CSV 100 000 lines: %e s wall, peak RSS %M KB" "$kitsh" -c 'python3 csv_sum.py < sum.csv' > /dev/null)
(cd "$tmp" && /usr/bin/time -f "CPython, same CSV: %e s wall" python3 csv_sum.py < sum.csv > /dev/null)
