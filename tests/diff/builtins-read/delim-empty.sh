printf 'a\0b\0c\0' > z.bin
while IFS= read -r -d '' item; do echo "item: $item"; done < z.bin
mapfile -d '' -t arr < z.bin; echo "${#arr[@]}"
