cat <<"EOF2"
$HOME `date` $(x) \n
EOF2
cat <<E\OF
$literal too
EOF
cat <<'a b'
spaced delimiter $x
a b
