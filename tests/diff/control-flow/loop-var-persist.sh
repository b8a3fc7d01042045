for v in a b c; do :; done; echo "v=$v"
count=0
printf 'x\ny\n' | while read -r l; do count=$((count+1)); done
echo "pipe count=$count"
while read -r l; do count=$((count+1)); done < <(printf 'x\ny\n')
echo "procsub count=$count"
