# GNU bc prints its bytecode address (adr=N) in runtime messages; kitsh counts differently,
# so only the message after the last ": " is compared (see the differential README).
echo "2^64" | bc
echo "2^-1" | bc
echo "scale=3; 2^-3" | bc
echo "1.5^3" | bc
echo "scale=10; 1.5^3" | bc
echo "0^0; 0^5; 1^1000000" | bc
echo "(-1)^1001" | bc
echo "2^0.5" | bc
