IFS=
v="a b c"
set -- $v; echo $#
for x in $v; do echo "[$x]"; done
unset IFS
set -- $v; echo $#
