echo {a,b\,c}
echo {a\,b,c}
echo "{a,b}"{c,d}
echo {'x y',z}
echo a{,}b
echo {1,2}{,}
