# mapfile -d '' splits on NUL; the delimiter is never kept.
printf '%s\0' 1 3 5 | { mapfile -d '' arr; echo "n=${#arr[@]}"; printf '[%s]\n' "${arr[@]}"; }
printf 'a\nb\n' | { mapfile arr; printf '[%s]' "${arr[@]}"; echo; }
