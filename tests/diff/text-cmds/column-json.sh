printf "a b\nc d\n" | column -J -N X,Y
printf "a b\nc\n" | column -J -N One,Two -n rows
column -J < /dev/null; echo "st=$?"
