printf '\000\001\002\377\376\200\177 ~' > bin
hexdump bin
hexdump -C bin
