printf "a\nb" > x; printf "a\nc" > y; printf "a\nb\n" > z
diff x y; diff x z; diff -u --label a --label b z x; echo "st=$?"
