# a brace that does not start an interval is a literal character (gawk)
printf '%s\n' 'a{b' '{x}' 'x{1,2}' 'aa' 'a}' 'a{1,2' > in.txt
awk '/^{/' in.txt; echo "--"
awk '/{/ { n++ } END { print n }' in.txt
awk '/a{/' in.txt; echo "--"
awk '/}/' in.txt; echo "--"
awk '/a{2}/' in.txt; echo "--"
awk '/a{1,2/' in.txt; echo "--"
awk '/x{1,2}/ { print "int:" $0 } /x\{1,2}/ { print "lit:" $0 }' in.txt
awk '{ print gsub("{", "<") ":" $0 }' in.txt
awk 'BEGIN { s = "a{b}c"; n = split(s, p, /[{}]/); print n, p[1], p[2], p[3] }'
awk 'BEGIN { print match("x{,}y", /{,}/), RSTART, RLENGTH }'
