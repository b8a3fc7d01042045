echo "obase=20; 30" | bc
echo "obase=20; 1.5" | bc
echo "obase=100; 123456" | bc
echo "obase=1000; 123456789.123" | bc
echo "obase=17; 16; 17" | bc
