seq 1 20 > f
csplit f /5/+2 /12/-1; echo "st=$?"
head -n 30 xx0*
rm xx*; csplit f %3%-1 /9/1; echo "st=$?"; cat xx00 | tr '\n' ' '; echo
