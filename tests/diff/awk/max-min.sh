printf '5\n12\n3\n9\n' | awk 'NR == 1 || $1 > max { max = $1 } NR == 1 || $1 < min { min = $1 } END { print min, max }'
printf 'b 2\na 5\nc 1\n' | awk '$2 > m { m = $2; who = $1 } END { print who, m }'
