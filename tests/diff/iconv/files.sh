printf 'caf\351\n' > l1.txt
iconv -f LATIN1 -t UTF-8 l1.txt
iconv -f LATIN1 -t UTF-8 l1.txt l1.txt
iconv -f LATIN1 -t UTF-8 nosuch; echo "[$?]"
iconv -f LATIN1 -t UTF-8 -o out.txt l1.txt; cat out.txt
