printf "a\n\nb\n" > x; printf "a\nb\n\n\n" > y
diff x y; echo "st=$?"
diff -B x y; echo "st=$?"
printf "a\n# c1\nb\n" > p; printf "a\n# c2\nb\n" > q
diff -I "^#" p q; echo "st=$?"
