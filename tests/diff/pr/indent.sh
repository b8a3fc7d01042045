printf 'x\ny\n' > f; touch -d '2024-02-03 04:05' f
pr -o 4 -t f
pr -o 2 -l 12 f | cat -A
