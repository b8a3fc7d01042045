for i in 1 2 3; do echo "line $i"; done | gzip > log.gz
zcat log.gz | grep 2
gzip -dc < log.gz | wc -l
