echo "ibase=1; ibase" | bc
echo "ibase=17; ibase" | bc
echo "obase=1; 5" | bc
echo "scale=-1; scale" | bc
