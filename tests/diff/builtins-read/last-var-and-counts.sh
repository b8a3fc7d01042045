# read: the last variable with a trailing delimiter, -n with one variable strips, -N fills one.
for s in x xx xxx xxxx xxxxx 'axx' 'ax' 'a x' 'ax ' 'axb x' 'a b x' 'x    ' 'xax   ' ; do printf '%-8s' "$s"; IFS=x read a b <<< "$s"; printf '[%s] [%s]  ' "$a" "$b"; IFS=' x' read a b <<< "$s"; printf '[%s] [%s]  ' "$a" "$b"; IFS='x ' read a b c <<< "$s"; printf '[%s] [%s] [%s]\n' "$a" "$b" "$c"; done
echo '  a b  ' | (read -n 5 x; echo "[$x]")
echo '  a b  ' | (read -n 5; echo "[$REPLY]")
echo '  a b  ' | (read -d b x; echo "[$x]")
echo 'a b c' | (read -N 4 x y z; echo "[$x] [$y] [$z]")
x=1 y=2; echo 'a b c' | { read -N 4 x y; echo "[$x] [$y]"; }
