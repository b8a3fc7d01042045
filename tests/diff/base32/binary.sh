printf '\000\001\377\376\200' | base32
printf 'AAA77' | base32 -d; echo "[$?]"
