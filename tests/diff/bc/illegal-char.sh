printf '1 @ 2\n3\n' | bc
printf '@\n' | bc
echo $?
