# GNU bc prints its bytecode address (adr=N) in runtime messages; kitsh counts differently,
# so only the message after the last ": " is compared (see the differential README).
printf '1/0; 5\n6\n' | bc
echo "status $?"
echo "scale=2; 3%0" | bc
echo "x=0; 5/x" | bc
