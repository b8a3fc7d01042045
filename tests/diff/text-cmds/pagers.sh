echo a > f1; echo b > f2
less f1 f2
more f1 f2
more f1
echo piped | less
echo piped | more
less nosuch; echo "st=$?"
more nosuch; echo "st=$?"
