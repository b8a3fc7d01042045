printf 'a b\nc d\n' | awk 'BEGIN { OFS = "-"; ORS = "|" } { print $1, $2 } END { printf "\n" }'
printf 'a b\n' | awk -v OFS='\t' '{ print $1, $2 }'
printf '1\n2\n3\n' | awk -v ORS=, '1' ; echo
