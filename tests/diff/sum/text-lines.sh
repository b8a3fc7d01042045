printf 'line1\nline2\nline3\n' > t
sum t
sum -s t
seq 1 5 | sum
