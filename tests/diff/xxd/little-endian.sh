printf 'hello world, this is xxd!\n' > h.txt
xxd -e h.txt
printf 'abc' | xxd -e
xxd -e -g 8 h.txt
xxd -e -g 3 h.txt; echo "[$?]"
