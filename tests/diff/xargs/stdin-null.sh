printf "a\nb\n" | xargs -n1 sh -c "cat; echo arg:\$0"
