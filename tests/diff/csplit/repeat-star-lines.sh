seq 1 10 > f
csplit f 3 '{*}'; echo "st=$?"; ls
csplit -k f 3 '{*}'; echo "st=$?"; ls
