seq 1 20000 > big
base64 big | base64 -d | cmp - big && echo same
base64 big | wc -l
base64 -w 0 big | wc -c
