echo "'abc" | xargs echo; echo "st=$?"
echo '"abc' | xargs echo; echo "st=$?"
echo "a'b c'd" | xargs -n1 echo
