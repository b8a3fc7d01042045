printf "a\0\0b c\0" | xargs -0 -n1 echo "item:"
printf "a,b,,c" | xargs -d, -n1 echo
printf "a\nb\n" | xargs -d "\n" echo
