printf '\ta\tb\0a\t\0' | strings | od -c
