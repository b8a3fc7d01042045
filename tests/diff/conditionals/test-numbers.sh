for pair in "1 2" "2 2" "3 2" "-1 0"; do
  set -- $pair
  r=""
  [ $1 -eq $2 ] && r+="eq "; [ $1 -ne $2 ] && r+="ne "; [ $1 -lt $2 ] && r+="lt "
  [ $1 -le $2 ] && r+="le "; [ $1 -gt $2 ] && r+="gt "; [ $1 -ge $2 ] && r+="ge "
  echo "$1 vs $2: $r"
done
