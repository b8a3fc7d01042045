echo 'x = read(); x * 2' > prog.bc
echo 42 | bc -q prog.bc
printf 'y = read()\ny + 1\n' > p2.bc
printf '5\n' | bc p2.bc
