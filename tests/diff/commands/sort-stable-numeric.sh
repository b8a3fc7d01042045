printf '10 b\n2 a\n10 a\n1 c\n' | sort -n
printf '10 b\n2 a\n10 a\n1 c\n' | sort -n -s -k1,1
printf 'x\n\ny\n' | sort | od -An -c | head -1
printf '1.5\n-2\n1e2\n0.3\n' | sort -g
printf 'b\nB\na\nA\n' | sort
