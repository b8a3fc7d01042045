printf 'one\ntwo\nthree\n' > in.txt
awk 'BEGIN { while ((getline line < "in.txt") > 0) n++; print n; close("in.txt") }'
awk 'BEGIN { getline < "in.txt"; print $0, NF, NR }'
awk 'BEGIN { r = getline x < "missing.txt"; print r }'
printf 'a\nb\nc\nd\n' | awk 'NR == 1 { getline; print "now", $0, NR } NR == 3 { getline v; print "v=" v, NR, $0 }'
