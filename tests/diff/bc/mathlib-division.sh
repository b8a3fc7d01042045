x=7
echo "$x/3" | bc -l
echo "1/3" | bc -l
echo "10/4" | bc -l
echo "scale=2; 10/4" | bc -l
echo "e(l(2)*10)" | bc -l
