printf '\000\001\002\377' > bin
head -c 1000 /dev/zero > zeros
file bin zeros
file -i bin
