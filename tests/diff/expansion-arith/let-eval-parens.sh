# let and eval take name=(...) words, which bash hands over as text.
let x=( 1 ) y=( x + 2 )
let z=( y * 3 )
echo $x $y $z
eval arr=( 1 "2 3" '$x' )
echo "${#arr[@]} ${arr[2]}"
