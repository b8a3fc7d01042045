set -- -abc -d val -- -notopt file
while getopts "abcd:" o; do echo "$o ${OPTARG:-}"; done
shift $((OPTIND-1)); echo "remaining: $*"
