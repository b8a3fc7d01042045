seq 10 > f
csplit f '{x}'; echo "st=$?"
csplit f 2 '{x}'; echo "st=$?"
csplit f 2 '{3'; echo "st=$?"
csplit f /a; echo "st=$?"
csplit f 0; echo "st=$?"
csplit f 5 3; echo "st=$?"
csplit f /3/x; echo "st=$?"
csplit f abc; echo "st=$?"
