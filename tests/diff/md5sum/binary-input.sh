printf '\000\001\377\376\200' > bin
md5sum bin
md5sum bin > s; md5sum -c s
printf '\r\n\t' | md5sum --tag
