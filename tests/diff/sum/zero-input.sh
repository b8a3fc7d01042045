head -c 70000 /dev/zero | sum
head -c 70000 /dev/zero | sum -s
