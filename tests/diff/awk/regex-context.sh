# repetition operators with nothing before them are literal; odd but valid forms
printf '%s\n' '*a' 'a' '+b' '?c' 'a/b' 'x' '' > in.txt
awk '/^*a/' in.txt; echo "--"
awk '/+b/ || /(?c)/' in.txt; echo "--"
awk '/x|*a/' in.txt; echo "--"
awk '/[/]/ { print "slash:" $0 } /\// { print "esc:" $0 }' in.txt
awk '/a|/ { n++ } END { print n }' in.txt
awk '/(|a)/ { n++ } END { print n }' in.txt
awk '/a{}/' in.txt; echo "st=$?"
awk '/a{2,1}/' in.txt; echo "st=$?"
awk '{ if ($0 ~ "a{1,2,3}") print }' in.txt; echo "st=$?"
