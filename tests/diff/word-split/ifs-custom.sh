data="one:two::four"
IFS=: ; for p in $data; do echo "[$p]"; done; unset IFS
IFS=$'\n'; lines=$(printf 'l 1\nl 2\n'); for l in $lines; do echo "<$l>"; done; unset IFS
old=$IFS; IFS=,; arr=(x,y,z); echo ${#arr[@]}; v="x,y,z"; arr=($v); echo ${#arr[@]}; IFS=$old
