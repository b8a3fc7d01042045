printf '%s\n' b a c > one.txt
printf '%s\n' c b > two.txt
while read -r l; do echo "sorted: $l"; done < <(sort one.txt)
cat <(echo from-procsub)
wc -l < <(seq 5)
