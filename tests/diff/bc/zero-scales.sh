echo "scale=10; 47 + (12345^-2)^4" | bc
echo "scale=10; obase=7; 47 + (12345^-2)^4" | bc
echo "scale=11; x=(0%71.70062)%764986877368.5; length(x); scale(x)" | bc
echo "length(0.0000); length(0.05); length(0)" | bc
echo "scale=3; 0.0^2; scale(0.0^2); scale(0.00^5)" | bc
