set -- -o
while getopts "o:" opt 2>/dev/null; do echo "opt=$opt OPTARG=[${OPTARG-unset}]"; done
echo "end"
