echo "obase=2; 10" | bc
echo "obase=2; 255" | bc
echo "obase=2; 5.75" | bc
echo "obase=2; -6" | bc
echo "obase=8; 64" | bc
