{ echo b; echo a; echo c; } | sort
( echo 1; echo 2 ) | wc -l
for i in 3 1 2; do echo $i; done | sort -n | tr '\n' ','; echo
