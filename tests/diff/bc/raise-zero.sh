# GNU bc prints its bytecode address (adr=N) in runtime messages; kitsh counts differently,
# so only the message after the last ": " is compared (see the differential README).
echo "0^-1" | bc
echo "scale=2; (0.001)^-2" | bc
echo "scale=5; 0.001^-2" | bc
echo "0^-1.5" | bc
