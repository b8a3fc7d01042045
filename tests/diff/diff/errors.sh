echo a > x
diff x nosuch; echo "st=$?"
diff x; echo "st=$?"
diff; echo "st=$?"
diff x x x; echo "st=$?"
diff --bogus x x; echo "st=$?"
diff -U z x x; echo "st=$?"
