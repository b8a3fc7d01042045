s="with \"quotes\" and \$dollar"; declare -p s
declare -i i=5; declare -p i
declare -rx RX=1; declare -p RX
declare -p nosuch
echo "rc=$?"
