#!/usr/bin/env bash
# ENGINE_CMD for run.sh: kitsh's python3 on a snippet, with the snippets' directory (run.sh's
# working directory) mounted at its own path and as kitsh's working directory.
#   KITSH=target/debug/kitsh tests/python/run.sh $PWD/tests/python/kitsh-engine.sh
# With KITSH_PYTHON_WASI=DIR (a build with the feature python-wasi), CPython on WASI runs it.
here=$(cd "$(dirname "$0")" && pwd)
kitsh=${KITSH:-target/release/kitsh}
case $kitsh in /*) ;; *) kitsh=$here/../../$kitsh ;; esac  # relative to the repository
dir=$(pwd)
exec "$kitsh" --mount "$dir:$dir" --cwd "$dir" -c 'python3 "$@"' python3 "$@"
