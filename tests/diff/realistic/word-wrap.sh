text="The quick brown fox jumps over the lazy dog and keeps running far away"
width=20; line=""
for w in $text; do
  if (( ${#line} + ${#w} + 1 > width )) && [[ -n $line ]]; then echo "$line"; line=$w
  else line=${line:+$line }$w; fi
done
[[ -n $line ]] && echo "$line"
