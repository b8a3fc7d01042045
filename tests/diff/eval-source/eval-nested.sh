a='$b'; b='$c'; c=final
eval eval echo $a
eval "f() { echo generated-\$1; }"; f x
for n in 1 2 3; do eval "v$n=$((n*n))"; done; echo "$v1 $v2 $v3"
