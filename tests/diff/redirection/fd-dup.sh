{ echo to-out; echo to-err >&2; } > both.txt 2>&1
cat both.txt
{ echo o; echo e >&2; } 2>err.txt >out.txt
echo "out: $(cat out.txt) err: $(cat err.txt)"
echo x 1>&2 2>/dev/null | cat
