printf 'abcd\0efgh\0ijkl' | strings -s '|'; echo
printf 'abcd\0efgh' | strings --output-separator=,; echo
