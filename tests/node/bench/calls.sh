#!/usr/bin/env bash
# The `node` benchmarks of docs/src/benchmarks.md, through the release CLI, with farm-bench:
# `node -e 'console.log(1)'` 100 times in one kitsh script, the same with three modules required,
# and the 100 000-line JSON-lines transform against Node as a process.
#   tests/node/bench/calls.sh [KITSH]     (default: target/release/kitsh)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
kitsh=${1:-$here/../../../target/release/kitsh}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 "$here/gen_events.py" "$tmp/events.jsonl"
cp "$here/jsonl_transform.js" "$tmp/"
echo "for i in \$(seq 100); do node -e 'console.log(1)'; done > /dev/null" > "$tmp/loop.sh"
echo "for i in \$(seq 100); do node -e 'const fs = require(\"fs\"), path = require(\"path\"), util = require(\"util\"); console.log(util.inspect({ a: [1, 2] }), path.join(\"a\", \"b\"), fs.existsSync(\"/tmp\"))'; done > /dev/null" > "$tmp/loop3.sh"
farm-bench -n 5 -- "$kitsh" --mount "$tmp" "$tmp/loop.sh"
farm-bench -n 5 -- "$kitsh" --mount "$tmp" "$tmp/loop3.sh"
farm-bench -n 5 --vs "sh -c 'node $tmp/jsonl_transform.js < $tmp/events.jsonl'" -- \
  "$kitsh" --mount "$tmp" -c "node $tmp/jsonl_transform.js < $tmp/events.jsonl"
