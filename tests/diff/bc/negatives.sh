echo "-5+3" | bc
echo "-.5" | bc
echo "-0.5*2" | bc
echo "0-0.25" | bc
echo "-2^2" | bc
echo "(-2)^3" | bc
echo "-7%3; 7%-3" | bc
echo "x=-3; -x" | bc
echo "-0.1^3; scale=2; -0.1^3; x=-0.1^3; x; x+0" | bc
