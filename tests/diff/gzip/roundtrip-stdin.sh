printf 'hello world\n' | gzip | gzip -d
seq 1 1000 | gzip -c | gunzip -c | tail -2
printf '' | gzip | gzip -d | wc -c
