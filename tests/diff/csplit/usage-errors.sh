seq 3 > f
csplit f; echo "st=$?"
csplit; echo "st=$?"
csplit nofile 3; echo "st=$?"
csplit -n x f 2; echo "st=$?"
csplit -y f 2; echo "st=$?"
csplit --bogus f 2; echo "st=$?"
