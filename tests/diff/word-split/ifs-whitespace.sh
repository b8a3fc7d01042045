IFS=' ,'
v="  a , b,,c  "
set -- $v; echo $#; printf '[%s]' "$@"; echo
IFS=' '
set -- $v; echo $#; printf '[%s]' "$@"; echo
