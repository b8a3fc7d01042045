# A token that cannot be an array element (`a=( x=() )`): bash reports it, abandons that
# line with status 1, and goes on with the next one.
echo one; a=( x=() ); echo same-line
echo next $?
