# GNU bc prints its bytecode address (adr=N) in runtime messages; kitsh counts differently,
# so only the message after the last ": " is compared (see the differential README).
echo "foo(2)" | bc
echo "define f(x) { return x }; f(1, 2)" | bc
echo "s(1)" | bc
echo $?
