printf '1 2 3\n4 5 6\n' | awk '{ for (i = 1; i <= NF; i++) m[NR, i] = $i; if (NF > nf) nf = NF } END { for (i = 1; i <= nf; i++) { row = ""; for (j = 1; j <= NR; j++) row = row (j > 1 ? " " : "") m[j, i]; print row } }'
printf 'a b\nc d\ne f\n' | awk '{ printf "%s%s", (NR > 1 ? "," : ""), $2 } END { print "" }'
