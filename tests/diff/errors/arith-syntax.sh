(( 1 + ))
echo "rc=$?"
x=$(( 2 * (3 + 4 ))
echo "x=$x"
