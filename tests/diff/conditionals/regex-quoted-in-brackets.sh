# [[ =~ ]]: a quoted character inside a bracket expression stands for itself (bash 5.2 puts
# it in bare: `[^\]]` is `[^]]`, `[a\]]` is `[a]]`); outside brackets it is escaped.
l='[section]'
[[ $l =~ ^\[([^\]]+)\]$ ]] && echo "ini ${BASH_REMATCH[1]}" || echo "ini no"
[[ 'a]b' =~ [\]] ]] && echo "1 ${BASH_REMATCH[0]}" || echo "1 no"
[[ 'x]' =~ x[\]]$ ]] && echo "2 ${BASH_REMATCH[0]}" || echo "2 no"
for s in 'a' ']' 'a]' '\' '-' 'b' '.'; do
  r=""
  [[ $s =~ ^[a\]]$ ]] && r+=A || r+=.
  [[ $s =~ ^[\]a]$ ]] && r+=B || r+=.
  [[ $s =~ ^[a\-]$ ]] && r+=C || r+=.
  [[ $s =~ ^[a"]"]$ ]] && r+=D || r+=.
  [[ $s =~ ^[\\a]$ ]] && r+=E || r+=.
  [[ $s =~ ^[^\]]$ ]] && r+=F || r+=.
  [[ $s =~ ^[[:alpha:]\]]$ ]] && r+=G || r+=.
  [[ $s =~ ^[\.]$ ]] && r+=H || r+=.
  [[ $s =~ ^\.$ ]] && r+=I || r+=.
  echo "$s: $r"
done
