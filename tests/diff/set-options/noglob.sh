touch a1 a2
set -f
echo a*
set +f
echo a*
set -o noglob; for x in a*; do echo "lit $x"; done; set +o noglob
