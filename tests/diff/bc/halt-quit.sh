echo "halt; 5" | bc
printf '5\nhalt\n6\n' | bc
echo "1; quit" | bc
printf '1\nquit\n2\n' | bc
echo $?
