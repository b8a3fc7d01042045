#!/usr/bin/env bash
# Run every Python snippet through ENGINE_CMD and compare with CPython 3.11's
# recorded results.
#
#   tests/python/run.sh ENGINE_CMD [PATTERN]
#   tests/python/run.sh --regen            # rewrite expected/ with python3 (CPython 3.11)
#
# For snippets/NNN-topic.py the engine is run as
#     ENGINE_CMD /abs/path/NNN-topic.py [ARGS...] < STDIN
# where STDIN is snippets/NNN-topic.stdin (or /dev/null) and ARGS are the lines
# of snippets/NNN-topic.args (if present). ENGINE_CMD is split on spaces.
#
# A snippet passes when stdout is byte-identical to expected/NNN-topic.out,
# the exit status equals expected/NNN-topic.status, and the last line of
# stderr equals the last line of expected/NNN-topic.err (the exception line of
# a traceback, e.g. "KeyError: 'port'"; empty when nothing was written).
#
# Path normalisation: every occurrence of the snippet's absolute path in stderr
# is replaced by the literal "<snippet>", so a CPython traceback line reads
#     File "<snippet>", line 7, in <module>
# Expected .err files are stored in that normalised form, with the traceback
# otherwise kept verbatim.
#
# PY_CORPUS=DIR runs another corpus laid out the same way (tests/python/tools: tool calls,
# with PYTHONPATH=tests/python/tools/stub for CPython; see its README.md).
set -u
here=$(cd "${PY_CORPUS:-$(dirname "$0")}" && pwd)
snippets=$here/snippets
expected=$here/expected
timeout_s=${PY_SNIPPET_TIMEOUT:-20}

regen=0
if [ "${1:-}" = "--regen" ]; then regen=1; engine=(python3); pattern=${2:-}
elif [ $# -ge 1 ]; then read -r -a engine <<<"$1"; pattern=${2:-}
else echo "usage: $0 ENGINE_CMD [PATTERN] | --regen" >&2; exit 2; fi

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0; failed=()
for f in "$snippets"/*.py; do
  name=$(basename "$f" .py)
  if [ -n "$pattern" ] && [[ $name != *$pattern* ]]; then continue; fi
  stdin=/dev/null; [ -f "$snippets/$name.stdin" ] && stdin=$snippets/$name.stdin
  args=(); if [ -f "$snippets/$name.args" ]; then mapfile -t args <"$snippets/$name.args"; fi
  ( cd "$snippets" && PYTHONHASHSEED=0 timeout "$timeout_s" "${engine[@]}" "$f" "${args[@]}" <"$stdin" >"$tmp/out" 2>"$tmp/err.raw" )
  status=$?
  # normalise the snippet path in stderr
  python_free_sed=$(printf '%s' "$f" | sed 's/[][\.*^$/]/\\&/g')
  sed -e "s/$python_free_sed/<snippet>/g" -e "s|$here/||g" "$tmp/err.raw" >"$tmp/err"
  if [ $regen = 1 ]; then
    cp "$tmp/out" "$expected/$name.out"; cp "$tmp/err" "$expected/$name.err"
    echo "$status" >"$expected/$name.status"; echo "regen $name ($status)"; continue
  fi
  why=()
  cmp -s "$tmp/out" "$expected/$name.out" || why+=(stdout)
  [ "$status" = "$(cat "$expected/$name.status")" ] || why+=("status $status!=$(cat "$expected/$name.status")")
  got_last=$(grep -v '^[[:space:]]*$' "$tmp/err" | tail -n 1)
  want_last=$(grep -v '^[[:space:]]*$' "$expected/$name.err" | tail -n 1)
  [ "$got_last" = "$want_last" ] || why+=(stderr)
  if [ ${#why[@]} = 0 ]; then pass=$((pass+1)); echo "PASS $name"
  else
    fail=$((fail+1)); failed+=("$name"); echo "FAIL $name (${why[*]})"
    if [ -n "${PY_SNIPPET_VERBOSE:-}" ]; then
      echo "   stderr: $(head -c 300 "$tmp/err" | tail -n 3 | tr '\n' ' ')"
    fi
  fi
done
[ $regen = 1 ] && exit 0
echo "TOTAL: $pass/$((pass+fail)) passed"
[ $fail = 0 ]
