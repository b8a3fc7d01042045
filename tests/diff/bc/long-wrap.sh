echo "2^300" | bc
echo "3^500/7" | bc
echo "scale=100; 1/3" | bc
echo "-2^250" | bc
