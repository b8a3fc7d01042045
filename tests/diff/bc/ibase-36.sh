# GNU bc prints its bytecode address (adr=N) in runtime messages; kitsh counts differently,
# so only the message after the last ": " is compared (see the differential README).
echo "ibase=36; Z; 10; ZZ" | bc
echo "ibase=17; ibase; ibase=40; ibase" | bc
echo "ibase=20; GH; J" | bc
echo "obase=99999999999; 5" | bc
