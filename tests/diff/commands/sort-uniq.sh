printf '%s\n' b a c a B b 10 9 > w.txt
sort -u w.txt | tr '\n' ' '; echo
sort -f w.txt | tr '\n' ' '; echo
sort -n w.txt | tr '\n' ' '; echo
sort w.txt -o sorted.txt; head -2 sorted.txt
printf '3\n1\n2\n' | sort -c; echo "rc=$?"
