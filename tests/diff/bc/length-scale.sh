echo "length(12345)" | bc
echo "length(1.500); scale(1.500)" | bc
echo "length(0.001); length(0); scale(0)" | bc
echo "scale(10/3)" | bc
echo "scale=7; scale(10/3)" | bc
echo "length(2^100)" | bc
