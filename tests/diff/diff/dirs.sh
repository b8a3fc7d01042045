mkdir -p d1/s d2/s d1/only1; echo 1 > d1/x; echo 2 > d2/x; echo o > d1/o; echo n > d2/n; echo s > d1/s/f; echo t > d2/s/f; echo same > d1/same; echo same > d2/same
diff d1 d2; echo "st=$?"
diff -r d1 d2; echo "st=$?"
diff -rq d1 d2; echo "st=$?"
