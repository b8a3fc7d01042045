# What `head -n N` leaves for the next command: the rest of a file (GNU head seeks back), and
# nothing of a here-document or here-string (bash 5.2 feeds small ones through a pipe, which
# GNU head reads in blocks).
printf 'a\nb\nc\n' > f
(head -n 1; echo "--"; cat) < f
echo "=="
(head -n 1; echo "--"; cat) <<EOF
x
y
z
EOF
echo "=="
(head -n 2; echo "--"; cat) <<< $'1\n2\n3\n4'
echo "=="
{ head -n 1 >/dev/null; read -r l; echo "read: $l"; } < f
