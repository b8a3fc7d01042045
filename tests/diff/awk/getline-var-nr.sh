printf 'a\nb\nc\n' > f
awk '{ while ((getline line) > 0) n++; print NR, n, $0 }' f
awk 'BEGIN { while ((getline line < "f") > 0) print NR, line }' 
