for i in 1 2 3; do echo "line $i"; done > out.txt
cat out.txt
while read -r l; do echo "got: $l"; done < out.txt | tail -1
i=0; while ((i<2)); do echo "$i"; ((i++)); done | wc -l
