printf '5\n6\n6\n5\n2\n3\n' > a; printf '5\n6\n6\n2\n' > b
diff -u --label a --label b a b > p.diff
(cat a; echo post) > w; patch -f w < p.diff; echo "st=$?"
(echo pre; cat a) > v; patch -f v < p.diff; echo "st=$?"; cat v
seq 1 5 > x; cp x y; diff -u x y > e.diff; patch x < e.diff; echo "st=$?"
(echo 0; seq 1 10) > z; seq 2 10 | sed 's/^4$/four/' > s; diff s s; seq 1 10 > q; sed 's/^9$/nine/' q > r
diff -u q r > t.diff; patch z < t.diff; echo "st=$?"
