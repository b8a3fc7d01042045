mkdir -p d/s dx; printf 1 > d/f.txt; printf 2 > d/s/g.txt; printf 3 > dx/h
tar --sort=name -cf a.tar d dx
tar -tf a.tar 'd/*.txt'; echo "st=$?"
tar -tf a.tar --wildcards 'd/*.txt'; echo "st=$?"
tar -tf a.tar 'd/*.txt' --wildcards; echo "st=$?"
tar -tf a.tar --no-wildcards 'd/*.txt'; echo "st=$?"
tar -tf a.tar 'x*' 'y?' d/s; echo "st=$?"
tar -tf a.tar 'x*' --no-wildcards; echo "st=$?"
tar -tf a.tar --wildcards 'd*' '[' 'd/?.txt' 'nomatch['; echo "st=$?"
tar -tf a.tar --wildcards '*'; echo "st=$?"
mkdir o; tar -xf a.tar -C o --wildcards '*.txt'; find o | sort
tar -xf a.tar -C o 'dx/*'; echo "st=$?"
