printf 'x' > a; mkdir d
cksum nosuch a; echo "[$?]"
cksum a d; echo "[$?]"
cksum -a sysv nosuch a; echo "[$?]"
