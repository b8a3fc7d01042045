#!/usr/bin/env bash
# ENGINE_CMD for run.sh: kitsh's `node`, with the snippets' folder mounted at the same path
# (read-write: snippets write under /tmp of the VFS only) and the arguments passed through.
kitsh=${KITSH:-$(cd "$(dirname "$0")/../.." && pwd)/target/debug/kitsh}
dir=$(dirname "$1")
q=$(printf ' %q' "$@")
exec "$kitsh" --mount "$dir" -c "cd $(printf %q "$dir") && KN_VAR=kv node$q"
