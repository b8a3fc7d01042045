v='*'
echo "$v" "'$v'" '"$v"'
touch one two
echo $v
echo "$v"
set -f; echo $v; set +f
