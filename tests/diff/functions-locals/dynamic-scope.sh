log_level=info
log() { echo "[$log_level] $*"; }
with_debug() { local log_level=debug; "$@"; }
log hello
with_debug log inside
log after
