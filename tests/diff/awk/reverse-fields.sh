echo "1 2 3 4" | awk '{ for (i = NF; i > 0; i--) printf "%s%s", $i, (i > 1 ? OFS : ORS) }'
printf 'a b\nc d\n' | awk '{ l[NR] = $0 } END { for (i = NR; i >= 1; i--) print l[i] }'
