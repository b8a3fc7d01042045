echo "obase=16; scale=4; 1/3" | bc
echo "obase=2; scale=3; 0.5; 0.1" | bc
echo "obase=3; 1.5" | bc
