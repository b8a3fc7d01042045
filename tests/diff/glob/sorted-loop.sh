for n in 3 1 2 10; do touch "log_$n.txt"; done
for f in log_*.txt; do echo "$f"; done
count=0; for f in *.txt; do ((count++)); done; echo "count=$count"
files=(*.txt); echo "first=${files[0]} last=${files[-1]}"
