set -Q
echo "rc=$?"
shopt -s nonexistentopt
echo "rc=$?"
declare -Z x
echo "rc=$?"
