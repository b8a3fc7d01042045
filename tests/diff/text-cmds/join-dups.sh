printf "a 1\na 2\nb 3\n" > d1; printf "a x\na y\nc z\n" > d2
join d1 d2
join -a2 d1 d2
printf "k,,v\n" > e1; printf "k,w,\n" > e2; join -t, e1 e2
printf "  1   a\n" > s1; printf "1\tb\n" > s2; join s1 s2
