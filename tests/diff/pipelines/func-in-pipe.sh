upper() { tr a-z A-Z; }
prefix() { while read -r l; do echo "> $l"; done; }
printf 'one\ntwo\n' | upper | prefix
count() { local n=0; while read -r _; do ((n++)); done; echo $n; }
seq 7 | count
