printf '1 +; 4\n7\n' | bc
echo $?
printf '(1\n2\n' | bc
printf 'x=; 5\n6\n' | bc
printf '3 +\n' | bc
