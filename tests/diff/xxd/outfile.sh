printf 'hello\n' > h
xxd h out.hex; echo "[$?]"
cat out.hex
xxd -r out.hex back; cmp h back && echo same
xxd -p h - 
