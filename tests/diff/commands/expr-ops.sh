expr 3 + 4
expr 10 / 3; expr 10 % 3; expr 6 \* 7
expr length "hello"
expr substr "abcdef" 2 3
expr index "hello" l
expr "abc123" : '[a-z]*'
expr 5 \> 3; expr 2 = 3
echo "rc=$?"
