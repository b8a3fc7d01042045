printf '\000\001\377\376\200' > bin
sha384sum bin
sha384sum bin > s; sha384sum -c s
printf '\r\n\t' | sha384sum --tag
