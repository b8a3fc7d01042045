yes | awk '{ print }' | head -2
yes abc | awk '{ print NR, $1 }' | head -3
seq 1 100000 | awk 'NR == 3 { print; exit }'
