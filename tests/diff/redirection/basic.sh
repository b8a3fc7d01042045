echo one > f; echo two >> f; cat f
echo err >&2 2>/dev/null
{ echo out; echo err >&2; } 2>&1 | cat
cat < f > g; wc -l < g
echo hidden > /dev/null
