printf '%s\n' c a b | sort
seq 1 10 | tail -3 | head -1
echo "abc" | tr a-z A-Z
false | true; echo $?
true | false; echo $? "${PIPESTATUS[@]}"
