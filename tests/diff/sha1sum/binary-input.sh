printf '\000\001\377\376\200' > bin
sha1sum bin
sha1sum bin > s; sha1sum -c s
printf '\r\n\t' | sha1sum --tag
