seq 1 100000 | xargs -n 1000 echo | wc -l
yes | xargs -n1 echo | head -2
seq 20 | xargs -n 5 | while read a b c d e; do echo "$e"; done
