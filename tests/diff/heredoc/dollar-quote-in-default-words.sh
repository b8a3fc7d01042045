# In a here-document bash applies no `extquote`: `$'...'` in the word of ${x-w} (and + = ?)
# stays as written, while patterns and replacements still decode it.
x=abc
cat <<EOF
[${u-$'[x]'}] [${u-'q'}] [${u-"d"}] [${u:-$'a'}] [${u:+$'a'}] [${x:+$'a'}] [${v=$'a'}] [$v]
[${u2-a$'b'c}] [${x/b/$'\t'}] [${x/b/'y'}] [${x#'a'}] [${x%$'c'}] $'f' "g"
[$(echo "${u-$'in cmdsub'}")] [`echo "${u-$'in backquotes'}"`]
EOF
echo "${u-$'[x]'}" "${u-'a'}" "${x/b/$'\t'}"
# Integer variables: a bad value abandons the command line of declare, local, export,
# readonly (later operands too), as an expansion error does.
declare -i i=1 j="1 +" k=3; echo "not reached"
declare -p i j k 2>&1
f() { local -i n="2 *"; echo "not reached in f"; }; f; echo "f: $?"
declare -i e; export e="3 /"; echo "not reached"
declare -ai q=(1 "1 +"); echo "not reached"
declare -i d=1; declare d+="4 -"; echo "not reached"; echo "d=$d"
declare -i z="1 +" || echo "not reached either"
echo "after: $?"
# The C locale: declare -u/-l map ASCII letters only.
LC_ALL=C
declare -u up=é; declare -l lo=É; declare -p up lo
f2() { local -u w=éa; declare -p w; }; f2
# export -n and readonly -n of an unset name declare nothing.
export -n nosuch; declare -p nosuch 2>&1
