seq 1 100 | awk '{ s += $1; ss += $1 * $1 } END { printf "sum=%d mean=%.2f var=%.2f\n", s, s / NR, ss / NR - (s / NR) ^ 2 }'
seq 5 | awk 'NR % 2'
seq 10 | awk '$1 > 3 && $1 < 7 { print $1 * 2 }'
