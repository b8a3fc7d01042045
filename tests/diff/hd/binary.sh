printf '\000\377\200\001abc\n\t' | hd
