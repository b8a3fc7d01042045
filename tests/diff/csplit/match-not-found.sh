seq 1 10 > f
csplit f /7/ /99/; echo "st=$?"; ls
csplit -k f /4/ /99/; echo "st=$?"; ls; cat xx01 | wc -l
csplit f /3/ %99%; echo "st=$?"
