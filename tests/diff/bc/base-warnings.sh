# GNU bc prints its bytecode address (adr=N) in runtime messages; kitsh counts differently,
# so only the message after the last ": " is compared (see the differential README).
echo "ibase=1; ibase" | bc
echo "ibase=17; ibase" | bc
echo "obase=1; 5" | bc
echo "scale=-1; scale" | bc
