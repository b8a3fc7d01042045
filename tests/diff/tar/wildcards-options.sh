mkdir -p d/s dx; printf 1 > d/f.txt; printf 2 > d/s/g.txt; printf 3 > dx/h
tar --sort=name -cf a.tar d dx
tar -tf a.tar --wildcards --no-wildcards-match-slash 'd/*.txt'; echo "st=$?"
tar -tf a.tar --wildcards '*.TXT'; echo "st=$?"
tar -tf a.tar --wildcards --ignore-case '*.TXT'; echo "st=$?"
tar -tf a.tar --ignore-case D/F.TXT; echo "st=$?"
tar -tf a.tar --wildcards --no-anchored g.txt; echo "st=$?"
tar -tf a.tar --no-anchored s; echo "st=$?"
tar -tf a.tar --wildcards --anchored f.txt; echo "st=$?"
tar -tf a.tar --no-recursion d; echo "st=$?"
tar -tf a.tar --wildcards --no-recursion 'd*'; echo "st=$?"
tar -tf a.tar d/ d// ./d; echo "st=$?"
tar -tf a.tar d d/f.txt; echo "st=$?"
tar -tf a.tar d/f.txt d; echo "st=$?"
tar --sort=name --no-recursion -cf b.tar d d/s; tar -tf b.tar
