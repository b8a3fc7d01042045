echo a > x; echo b > y; echo a > z
diff -q x y; echo "st=$?"
diff -q x z; echo "st=$?"
diff -s x z; echo "st=$?"
diff -qs x y; echo "st=$?"
