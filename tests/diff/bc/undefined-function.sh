echo "foo(2)" | bc
echo "define f(x) { return x }; f(1, 2)" | bc
echo "s(1)" | bc
echo $?
