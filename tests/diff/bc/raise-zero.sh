echo "0^-1" | bc
echo "scale=2; (0.001)^-2" | bc
echo "scale=5; 0.001^-2" | bc
echo "0^-1.5" | bc
