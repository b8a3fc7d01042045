x=0
(( y = 10 % x ))
echo "rc=$?"
echo next
