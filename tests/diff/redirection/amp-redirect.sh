{ echo out; echo err >&2; } &> all.txt
cat all.txt
{ echo more; echo more-err >&2; } &>> all.txt
wc -l < all.txt
ls nonexistent_zz 2>/dev/null || echo "ls failed quietly"
