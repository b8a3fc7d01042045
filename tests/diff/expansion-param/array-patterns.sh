files=(a.txt b.log c.txt d.md)
echo "${files[@]%.*}"
echo "${files[@]/%.txt/.bak}"
echo "${files[@]/#/dir/}"
echo "${files[@]^^}"
txt=(); for f in "${files[@]}"; do [[ $f == *.txt ]] && txt+=("$f"); done; echo "${#txt[@]}: ${txt[*]}"
