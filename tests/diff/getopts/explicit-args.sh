OPTIND=1
while getopts "x:y" o -x 1 -y extra; do echo "$o=${OPTARG-}"; done
echo "OPTIND=$OPTIND"
