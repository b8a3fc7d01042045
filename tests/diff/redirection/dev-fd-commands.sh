# Commands open the script's descriptors through /dev/fd/N.
cat /dev/fd/3 3<<EOF3
from three
EOF3
printf 'a\nb\n' > f
wc -l /dev/fd/4 4<f
head -1 /dev/fd/5 5<f
cat /dev/fd/7; echo "status $?"
