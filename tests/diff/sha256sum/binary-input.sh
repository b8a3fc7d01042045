printf '\000\001\377\376\200' > bin
sha256sum bin
sha256sum bin > s; sha256sum -c s
printf '\r\n\t' | sha256sum --tag
