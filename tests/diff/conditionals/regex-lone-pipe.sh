# A lone | in a [[ =~ ]] regex is an empty alternation.
[[ '|' =~ | ]] && echo pipe1
[[ 'a' =~ | ]] && echo pipe2
[[ '|' =~ a| ]] && echo four
[[ x =~ (a|x) ]] && echo grp
[[ a == a || b == c ]] && echo or
