echo {} {a} {a,} {,b} "{a,b}" '{a,b}' \{a,b\}
echo {1..} {..3} {a..3}
x=a,b; echo {$x} {"x","y"}
echo a{b,c}{d,e}
