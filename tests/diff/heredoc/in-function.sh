usage() {
  cat <<USAGE
Usage: $1 [options]
  -h  help
  -v  verbose
USAGE
}
usage mytool
f() { cat; }
f <<< "herestring to func"
