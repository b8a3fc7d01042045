printf "a b\nEND\nc\n" | xargs -E END echo
printf "a END b\n" | xargs -E END echo
printf "a \"END\" b\n" | xargs -E END echo
