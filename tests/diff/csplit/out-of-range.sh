seq 1 10 > f
csplit f 11; echo "st=$?"; ls
csplit f 10; echo "st=$?"
seq 5 | csplit - 5 5; echo "st=$?"
csplit f /9/+5; echo "st=$?"
csplit f /5/ /6/-3; echo "st=$?"
