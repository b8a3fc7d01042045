printf 'a b\nc\n' > x.txt; printf 'one\n' > y.txt
wc x.txt y.txt
wc -lw x.txt
cat x.txt y.txt | wc -l
printf 'no newline' | wc -l
