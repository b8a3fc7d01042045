echo "obase=16; 255" | bc
echo "obase=16; -255.5" | bc
echo "obase=16; 0.1" | bc
echo "obase=16; 3735928559" | bc
echo "obase=16; ibase=16; FF*2" | bc
echo "obase=16; 2^64" | bc
