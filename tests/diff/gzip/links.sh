printf 'x\n' > tgt; ln -s tgt sl
gzip sl; echo "[$?]"
ls
printf 'x\n' > h1; ln h1 h2
gzip h1; echo "[$?]"
gzip -f h1; echo "[$?]"
ls
