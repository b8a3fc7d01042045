echo "halt; 5" | bc
printf '5\nhalt\n6\n' | bc
echo "1; quit" | bc
printf '1\nquit\n2\n' | bc
echo $?
echo 'if (0) quit; 5' | bc
printf 'define f() {\n quit\n}\n5\n' | bc
printf '1\nwhile (0) { quit }\n2\n' | bc
