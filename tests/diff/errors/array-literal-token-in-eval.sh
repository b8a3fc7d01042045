# In eval: the eval fails with status 1, the line that ran it goes on.
eval "a=( x=() ); echo in-eval"; echo after-eval $?
b=( 1 (2) 3 )
echo "next $? ${#b[@]}"
