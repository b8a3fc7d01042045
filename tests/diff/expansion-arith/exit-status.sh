(( 0 )); echo $?
(( 1 )); echo $?
(( -1 )); echo $?
(( x = 0 )); echo $?
if (( 3 > 2 )); then echo yes; fi
let "a = 5 + 5" "b = a * 2"; echo $a $b $?
let "c = 0"; echo $?
