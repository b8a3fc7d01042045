printf 'name,age,city\nann,30,paris\nbob,25,rome\n' > p.csv
awk -F, 'NR > 1 { print $1 " is " $2 " from " $3 }' p.csv
awk -F',' '{ print NF }' p.csv
awk 'BEGIN { FS = "," } { print $NF }' p.csv
awk -F, -v OFS=';' '{ $1 = $1; print }' p.csv
