printf '\000\001\002\377\376\375\200' > bin
base64 bin
base64 bin | base64 -d | od -An -tx1
base64 -w 0 bin | base64 -d | cmp - bin && echo same
