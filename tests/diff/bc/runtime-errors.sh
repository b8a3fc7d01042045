echo "a[-1]=1" | bc
echo "sqrt(-1); 8" | bc
echo "2^10000" | bc | wc -l
echo "7" | bc
