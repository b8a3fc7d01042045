printf '\000\001\377\376\200' > bin
sha512sum bin
sha512sum bin > s; sha512sum -c s
printf '\r\n\t' | sha512sum --tag
