echo "1.5*1.5" | bc
echo "scale=5; 1.5*1.5" | bc
echo "1.25*4" | bc
echo "0.1*0.1" | bc
echo "scale=1; 0.11*0.11" | bc
echo "-0.001*1" | bc
echo "123.456*1000" | bc
