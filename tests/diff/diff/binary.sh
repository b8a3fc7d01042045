printf "a\0b" > x; printf "a\0c" > y; printf "a\0b" > z
diff x y; echo "st=$?"
diff x z; echo "st=$?"
diff -a x y | od -c | head -3
