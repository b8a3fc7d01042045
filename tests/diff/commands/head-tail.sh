seq 20 > n.txt
head -n 3 n.txt | tr '\n' ' '; echo
tail -n 2 n.txt | tr '\n' ' '; echo
tail -n +18 n.txt | tr '\n' ' '; echo
head -n -17 n.txt | tr '\n' ' '; echo
head -c 5 n.txt | od -An -c
seq 3 | head -1
