# GNU bc prints its bytecode address (adr=N) in runtime messages; kitsh counts differently,
# so only the message after the last ": " is compared (see the differential README).
echo "a[-1]=1" | bc
echo "sqrt(-1); 8" | bc
echo "2^10000" | bc | wc -l
echo "7" | bc
