# a plain-string pattern skips unselected lines a buffer at a time: line numbers, offsets,
# counts, -m, context, -o, several files, a last line without a newline, -z
seq 1 3000 | sed 's/^/row /' > big
printf 'abc\nxyz abc\nnone\nabc' > small
grep -n 'row 1999' big
grep -b 'row 2500' big
grep -c 'row 1' big
grep -m 2 -n 'row 2' big
grep -A 1 -n 'row 2999' big
grep -B 1 'row 1500$' big
grep -o -b 'abc' small
grep -n abc small big
grep -c abc small
grep -F -n 'row 30' big | tail -2
grep -E -n 'w 3000' big
grep -v -c 'row 1' big
printf 'a\0row\0b row\0' | grep -z -c row
printf 'row 1\nrow 2\n' | grep -n 'row 2'
grep -H -n 'xyz' small
