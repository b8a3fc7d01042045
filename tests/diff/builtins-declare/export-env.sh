export A=1
B=2
env | sort | while IFS= read -r l; do case $l in A=*|B=*) echo "$l";; esac; done
C=3 printenv C
printenv B || echo "B not exported"
export -n A; printenv A || echo "A unexported"
