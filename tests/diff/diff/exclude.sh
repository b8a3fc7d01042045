mkdir -p d1 d2; echo 1 > d1/a.txt; echo 2 > d2/a.txt; echo 1 > d1/b.log; echo 2 > d2/b.log
diff -r -x "*.log" d1 d2; echo "st=$?"
