echo "1+2" | bc
echo "10-25" | bc
echo "6*7" | bc
echo "7/2" | bc
echo "7%3" | bc
echo "2^10" | bc
echo "(1+2)*3-4/2" | bc
