seq 1 30 > a; sed '2d;s/^25$/x/' a > b; diff -u a b > u.diff
(echo z; seq 1 30) > c; patch c < u.diff; echo "st=$?"
