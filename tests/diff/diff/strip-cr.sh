printf "a\r\nb\r\n" > x; printf "a\nb\n" > y
diff x y > /dev/null; echo "st=$?"
diff --strip-trailing-cr x y; echo "st=$?"
