printf "a\nb\n" > x
printf "a\nc\n" | diff x -; echo "st=$?"
printf "a\nb\n" | diff - x; echo "st=$?"
