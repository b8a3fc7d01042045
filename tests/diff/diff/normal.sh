printf "a\nb\nc\nd\n" > x; printf "a\nB\nc\nd\ne\n" > y
diff x y; echo "st=$?"
diff x x; echo "st=$?"
printf "" > e; diff e x; diff x e
