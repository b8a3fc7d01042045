echo 1 | bc -i
printf 'x=3\nx\n' | bc -iq
