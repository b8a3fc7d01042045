parse() { OPTIND=1; local o; while getopts "ab:" o "$@"; do printf '%s%s ' "$o" "${OPTARG:-}"; done; echo "| OPTIND=$OPTIND"; }
parse -a -b x
parse -b y rest
parse plain
