seq 1 5000 > n
for l in 1 5 9; do gzip -$l -c n | gzip -d | cmp - n && echo level $l ok; done
gzip --fast -c n | zcat | tail -1
gzip --best -c n | zcat | tail -1
