printf '\000\377\001abc' > bin
base32 bin | base32 -d | od -An -c
seq 1 2000 > big; base32 big | base32 -d | cmp - big && echo same
