echo "ibase=16; FF" | bc
echo "ibase=16; A.8" | bc
echo "ibase=16; 1F+1" | bc
echo "ibase=16; ff" | bc 2>&1
echo "ibase=16; 10; ibase=A; 10" | bc
