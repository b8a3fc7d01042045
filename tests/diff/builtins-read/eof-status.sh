printf 'no newline' | { read -r l; echo "rc=$? [$l]"; }
printf '' | { read -r l; echo "rc=$? [$l]"; }
printf 'a\nb' > f.txt
while read -r l || [[ -n $l ]]; do echo "<$l>"; done < f.txt
