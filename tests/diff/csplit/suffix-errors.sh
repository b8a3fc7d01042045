seq 3 > f
csplit -b '%d%d' f 2; echo "st=$?"
csplit -b 'x' f 2; echo "st=$?"
csplit -b '%s' f 2; echo "st=$?"
csplit -b '%#d' f 2; echo "st=$?"
csplit -b "%'x" f 2; echo "st=$?"
csplit -b 'a%' f 2; echo "st=$?"
ls
