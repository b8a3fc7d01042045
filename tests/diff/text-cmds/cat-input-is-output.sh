# GNU cat refuses to copy a non-empty file onto itself (`cat f >> f` would never end); an empty
# one, a truncated one (`cat f > f`) and stdin are copied.
echo hi > f; cat f >> f; echo "st=$?"; cat f
cat f > f; echo st=$?; wc -c < f
echo a > f; cat - f < /dev/null >> f; echo st=$?; cat f
: > e; cat e >> e; echo st=$?
ln -s f l; cat l >> f; echo st=$?
cat f missing >> f; echo st=$?
echo x | cat - >> f; echo st=$?; cat f
cat ./f >> ./f; cat f 1>>f 2>&1; cat f
