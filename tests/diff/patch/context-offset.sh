seq 1 20 > f; sed 's/^12$/twelve/' f > g
diff -c f g > c.diff
(echo a; echo b; seq 1 20) > h
patch h < c.diff; echo "st=$?"; sed -n 14p h
