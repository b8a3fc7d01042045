printf 'b\na\nc\n' > f.txt
sort f.txt; sort -r f.txt | head -1
wc -l < f.txt; wc -c f.txt
basename /a/b/c.txt .txt; dirname /a/b/c.txt
seq 3 | tr '\n' ,; echo
