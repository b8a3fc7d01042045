echo "obase=2; 0.5; 5.75; 0.333" | bc
echo "obase=3; scale=7; 1/3; 2/3" | bc
echo "obase=16; scale=30; 1/7" | bc
echo "obase=300; 0.99; 1234.5678" | bc
echo "obase=7; -0.001" | bc
