echo "one two three" | xargs -s 12 echo; echo "st=$?"
echo "aa" | xargs -x -s 5 echo; echo "st=$?"
echo "one" | xargs -s 3 echo; echo "st=$?"
