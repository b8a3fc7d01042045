echo > out1.txt hello world
cat out1.txt
> empty.txt; wc -c < empty.txt
2>/dev/null ls nonexistent_zz || echo "failed quietly"
<out1.txt cat
