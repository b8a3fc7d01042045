set -- -q -v -o
while getopts "vo:" o; do echo "got $o"; done
