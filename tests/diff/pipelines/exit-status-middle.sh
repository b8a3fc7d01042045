f() { cat; return 3; }
echo data | f | cat; echo "rc=$? ps=${PIPESTATUS[*]}"
set -o pipefail
echo data | f | cat; echo "rc=$?"
