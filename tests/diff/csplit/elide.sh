printf 'a\nb\n' > f
csplit f 1 2; echo "st=$?"; ls xx*
rm xx*; csplit -z f 1 2; echo "st=$?"; ls xx*
