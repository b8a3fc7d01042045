#!/usr/bin/env bash
# Run every JavaScript snippet through ENGINE_CMD and compare with Node 20's recorded results.
#
#   tests/node/run.sh ENGINE_CMD [PATTERN]
#   tests/node/run.sh --regen            # rewrite expected/ with `node` (Node 20, on PATH)
#
# For snippets/NNN-topic.js the engine is run as
#     ENGINE_CMD /abs/path/NNN-topic.js [ARGS...] < STDIN
# in the snippets' folder, with KN_VAR=kv in the environment, where STDIN is
# snippets/NNN-topic.stdin (or /dev/null) and ARGS are the lines of snippets/NNN-topic.args.
#
# A snippet passes when stdout is byte-identical to expected/NNN-topic.out, the exit status
# equals expected/NNN-topic.status, and, when Node reported an error, the same kind of error
# (`TypeError`, `Error`, ...: the first stderr line naming one) appears in the engine's stderr.
# The snippet's absolute path in stderr is replaced by "<snippet>".
set -u
here=$(cd "$(dirname "$0")" && pwd)
snippets=$here/snippets
expected=$here/expected
timeout_s=${NODE_SNIPPET_TIMEOUT:-20}

regen=0
if [ "${1:-}" = "--regen" ]; then regen=1; engine=(node); pattern=${2:-}
elif [ $# -ge 1 ]; then read -r -a engine <<<"$1"; pattern=${2:-}
else echo "usage: $0 ENGINE_CMD [PATTERN] | --regen" >&2; exit 2; fi

error_kind() { grep -m1 -oE '^(Uncaught [A-Za-z]*|\[?[A-Za-z]*Error)' "$1" || true; }

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$expected"
pass=0; fail=0; failed=()
for f in "$snippets"/*.js; do
  name=$(basename "$f" .js)
  [ -n "${pattern:-}" ] && [[ "$name" != *"$pattern"* ]] && continue
  args=()
  [ -f "$snippets/$name.args" ] && mapfile -t args < "$snippets/$name.args"
  stdin=/dev/null
  [ -f "$snippets/$name.stdin" ] && stdin=$snippets/$name.stdin
  (cd "$snippets" && KN_VAR=kv timeout "$timeout_s" "${engine[@]}" "$f" "${args[@]}" <"$stdin" >"$tmp/out" 2>"$tmp/err")
  status=$?
  sed -i "s#$f#<snippet>#g" "$tmp/err"
  if [ $regen = 1 ]; then
    cp "$tmp/out" "$expected/$name.out"; cp "$tmp/err" "$expected/$name.err"; echo "$status" > "$expected/$name.status"
    continue
  fi
  why=
  cmp -s "$tmp/out" "$expected/$name.out" || why="stdout differs"
  [ "$status" = "$(cat "$expected/$name.status")" ] || why="${why:+$why; }status $status, expected $(cat "$expected/$name.status")"
  want=$(error_kind "$expected/$name.err")
  if [ -n "$want" ] && ! grep -qE "^\[?${want#[}" "$tmp/err"; then why="${why:+$why; }no '$want' on stderr"; fi
  if [ -z "$why" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); failed+=("$name: $why")
    if [ -n "${NODE_VERBOSE:-}" ]; then diff "$expected/$name.out" "$tmp/out" | head -20; head -5 "$tmp/err"; fi
  fi
done
[ $regen = 1 ] && { echo "expected/ regenerated"; exit 0; }
for l in "${failed[@]}"; do echo "FAIL $l"; done
echo "node corpus: $pass passed, $fail failed"
[ $fail = 0 ]
