echo "5*5; last+1; .*2" | bc
echo "3; last" | bc
echo "x=4; last" | bc
