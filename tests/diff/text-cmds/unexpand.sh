printf "        a        b\n" | unexpand | od -c
printf "        a        b\n" | unexpand -a | od -c
printf "a       b\n" | unexpand -a | od -c
printf "ab  \t c\n" | unexpand -a | od -c
printf " a\n" | unexpand -a | od -c
printf "  a\n" | unexpand -t 2 | od -c
printf "x   \n" | unexpand -a | od -c
printf "\t  a\n" | unexpand | od -c
printf "    a    b\n" | unexpand -t 4 | od -c
printf "    a    b\n" | unexpand --first-only -t 4 | od -c
printf "abcdefg h\n" | unexpand -a | od -c
