head -c 100 /dev/zero | hd
head -c 100 /dev/zero | hd -v | wc -l
