seq 1 15 > f; printf 'a\nb\n' > g
head -3 f
head -n 3 f
head -n -12 f
head -c 5 f
head -c -25 f | od -c
head -n 2 f g
head -q -n1 f g
head -v -n1 f
tail -3 f
tail -n +13 f
tail -c 6 f
tail -c +30 f
tail -n 1 f g
tail -q -n1 f g
tail -v -n1 g
tail -n0 f; echo $?
head -n0 f; echo $?
tail -n 2 < f
seq 3 | head -n1 - g
printf 'x\ny' | tail -n1
printf 'x\ny' | head -n1
tail -c 3 <<< abcdef
head missing; echo $?
tail -n 5 missing f; echo $?
head -n x f; echo $?
tail -n +0 g
tail -1 g
head -1 g
head -c 1k f | wc -c
tail -n 3 -c 4 f
