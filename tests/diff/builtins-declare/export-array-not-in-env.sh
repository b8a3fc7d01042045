# Arrays are never exported: a command's environment leaves them out, also when the name was
# exported as a string first.
export P
P=mystr
printenv P; echo "status $?"
P=(myarray)
printenv P; echo "status $?"
declare -ax Q=(a b c)
printenv Q; echo "status $?"
env | grep -c '^Q=' ; echo "status $?"
export R=1
R[1]=x
printenv R; echo "status $?"
