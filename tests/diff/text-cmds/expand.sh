printf "a\tb\tc\n" | expand | od -c
printf "a\tb\n" | expand -t 4 | od -c
printf "\ta\tb\n" | expand -i | od -c
printf "a\tbc\td\n" | expand -t 2,6 | od -c
printf "a\tb\tc\td\n" | expand -t 3,5 | od -c
printf "a\tb\tc\n" | expand -t "4,/8" | od -c
printf "a\tb\tc\n" | expand -t "2,+3" | od -c
printf "ab\bc\td\n" | expand | od -c
printf "x\ty\n" | expand -2 | od -c
expand -t 0 </dev/null; echo "st=$?"
expand -t 3,2 </dev/null; echo "st=$?"
expand nosuch; echo "st=$?"
