seq 1 10 > f; printf 'x\ny\nz' > g; : > e
head -n -3 g
head -c -2 g
tail -c +5 g
tail -n +2 g
tail -n 2 g | od -c
head -n 1 e g
tail -n 1 e g
tail -n +11 f; echo $?
head -n 100 f | wc -l
tail -c 100 g
head -c 0 f; echo $?
tail -n -2 f
head -2 f g
head -n 3k f | wc -l
tail -n 1b f | wc -l
head -c 1b f | wc -c
tail -c 2k f | wc -c
head --lines=2 f
tail --lines=+9 f
head -n2 -v - < g
cat g | tail -n 1
head -z -n1 < <(printf 'a\0b\0') | od -c
tail -z -n1 < <(printf 'a\0b\0') | od -c
tail -r f 2>/dev/null; echo $?
head -n 1 f -n 2
tail +3 g
tail -3c g
tail -2 f g; echo $?
tail -25 f g; echo $?
tail -3c f g; echo $?
tail -2 -- f; echo $?
