echo "scale=2; 10/3" | bc
echo "scale=5; 1/7" | bc
echo "scale=0; 10/3" | bc
echo "scale=20; 2/3" | bc
echo "scale=3; -10/3" | bc
echo "scale=2; 1/1000" | bc
echo "scale=2; -1/1000" | bc
