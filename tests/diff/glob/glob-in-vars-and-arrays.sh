touch r1.csv r2.csv notes.txt
csvs=(*.csv); echo "${#csvs[@]} ${csvs[*]}"
pattern="*.csv"; matched=($pattern); echo "${matched[@]}"
for f in "$pattern"; do echo "literal: $f"; done
[[ -e r1.csv ]] && echo exists
ls *.csv | wc -l
