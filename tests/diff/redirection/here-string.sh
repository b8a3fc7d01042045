tr a-z A-Z <<< "shout this"
read -r a b <<< "first second third"; echo "$a|$b"
wc -c <<< "12345"
v="multi
line"; cat <<< "$v"
