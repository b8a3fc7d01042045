cmd_add() { echo "adding: $*"; }
cmd_list() { echo "listing (${1:-all})"; }
cmd_help() { echo "usage: tool <add|list|help> [args]"; }
dispatch() {
  local sub=${1:-help}; shift || true
  if declare -F "cmd_$sub" >/dev/null; then "cmd_$sub" "$@"
  else echo "unknown command: $sub" >&2; cmd_help >&2; return 64; fi
}
dispatch add x y; dispatch list; dispatch; dispatch frob; echo "rc=$?"
