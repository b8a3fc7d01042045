seq 1 100 | gzip | zcat | sed -n '25p;50p'
seq 1 100 | gzip | zcat | wc -l
