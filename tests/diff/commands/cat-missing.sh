echo ok > a.txt
cat a.txt missing.txt
echo "rc=$?"
head missing.txt
echo "rc=$?"
wc -l missing.txt
echo "rc=$?"
