printf 'a\n' > f1; printf 'b\n' > f2
awk '{ print v, $0 }' v=1 f1 v=2 f2
awk 'END { print v }' v=end f1
printf 'a:b\n' > f3
awk '{ print $2 }' FS=: f3
