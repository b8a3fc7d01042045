for s in 'simple' 'with space' "quote'd" 'dollar$x' $'new\nline' '' 'tab	x'; do
  q=$(printf '%q' "$s")
  eval "back=$q"
  [[ $back == "$s" ]] && echo "ok: $q" || echo "FAIL: $q"
done
