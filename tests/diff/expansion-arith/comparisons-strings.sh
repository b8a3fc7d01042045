a=10 b=9
(( a > b )) && echo "numeric >"
[[ $a > $b ]] || echo "string > false"
[ "$a" -gt "$b" ] && echo "test -gt"
echo $(( a == 10 && b != 10 ))
x=5; echo $(( x++ + ++x )) $x
