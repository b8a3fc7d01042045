count=0
trap '((count++))' DEBUG
a=1
b=2
echo x > /dev/null
trap - DEBUG
echo "count=$count"
