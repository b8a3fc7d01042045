# GNU bc prints its bytecode address (adr=N) in runtime messages; kitsh counts differently,
# so only the message after the last ": " is compared (see the differential README).
echo "sqrt(16)" | bc
echo "sqrt(2)" | bc
echo "scale=20; sqrt(2)" | bc
echo "sqrt(0.25)" | bc
echo "scale=10; sqrt(1000000)" | bc
echo "scale=30; sqrt(3)" | bc
echo "sqrt(-4)" | bc
echo "sqrt(0); sqrt(1)" | bc
