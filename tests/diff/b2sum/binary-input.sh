printf '\000\001\377\376\200' > bin
b2sum bin
b2sum bin > s; b2sum -c s
printf '\r\n\t' | b2sum --tag
