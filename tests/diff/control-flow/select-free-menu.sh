opts=(start stop status)
choice=2
for i in "${!opts[@]}"; do
  marker=" "; (( i + 1 == choice )) && marker="*"
  echo "$marker $((i+1))) ${opts[i]}"
done
echo "selected: ${opts[choice-1]}"
