printf 'a b c\nd e\n' > in.txt
while read -r x y; do echo "x=$x y=$y"; done < in.txt
read -r -a parts <<< "1 2 3"; echo "${#parts[@]}"
IFS= read -r line <<< "  keep  "; echo "[$line]"
