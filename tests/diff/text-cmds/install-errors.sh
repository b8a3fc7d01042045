echo hi > a
install a; echo "st=$?"
install nosuch f; echo "st=$?"
install -m 999 a f; echo "st=$?"
install; echo "st=$?"
install -d; echo "st=$?"
install a b c; echo "st=$?"
mkdir d; install d e; echo "st=$?"
