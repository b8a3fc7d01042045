seq 30 | column
seq 30 | column -x
seq 30 | column -c 40
printf "alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\n" | column -c 30
printf "alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\n" | column -x -c 30
seq 5 | column -c 1
