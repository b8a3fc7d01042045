printf '\000\001\377\376\200' > bin
sha224sum bin
sha224sum bin > s; sha224sum -c s
printf '\r\n\t' | sha224sum --tag
