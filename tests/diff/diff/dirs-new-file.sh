mkdir -p d1 d2; echo 1 > d1/x; echo 2 > d2/x; echo o > d1/o
diff -rN d1 d2; echo "st=$?"
diff -ru --label a --label b d1 d2 | head -5
