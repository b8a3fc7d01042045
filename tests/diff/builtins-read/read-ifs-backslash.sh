printf 'a\\ b c\n' | { read x y; echo "[$x][$y]"; }
printf 'a\\ b c\n' | { read -r x y; echo "[$x][$y]"; }
printf 'line \\\ncontinued\n' | { read l; echo "[$l]"; }
