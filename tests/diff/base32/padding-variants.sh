for s in a ab abc abcd abcde abcdef; do printf '%s' "$s" | base32; done
