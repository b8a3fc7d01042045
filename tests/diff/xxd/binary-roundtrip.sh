printf '\000\001\377\376\200\177abc' > bin
xxd bin
xxd bin | xxd -r | cmp - bin && echo same
xxd -p bin | xxd -r -p | cmp - bin && echo same
