printf 'one\ntwo\n' > new.txt
diff -c /dev/null new.txt | sed 's/\t.*//' > c.diff
rm new.txt; patch -p0 < c.diff; echo "st=$?"; cat new.txt
