seq 1 100000 | iconv -f UTF-8 -t UTF-16LE | iconv -f UTF-16LE -t UTF-8 | tail -1
head -c 10000000 /dev/zero | tr '\0' a | iconv -f ASCII -t UTF-8 | wc -c
