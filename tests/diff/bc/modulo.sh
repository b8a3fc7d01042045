echo "17%5" | bc
echo "scale=2; 5.5%2" | bc
echo "5.5%2" | bc
echo "scale=3; 10%3.3" | bc
echo "-17%5" | bc
