seq 1 12 > f
csplit f 3 '{2}'; echo "st=$?"; ls
rm -f xx*; csplit -s f /0/ '{1}'; echo "st=$?"; wc -c xx*
