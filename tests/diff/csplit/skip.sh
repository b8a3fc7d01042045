seq 1 20 > f
csplit f %5% /10/ /15/; echo "st=$?"
wc -l xx*
