cat < missing.txt
echo "rc=$?"
while read l; do echo $l; done < nope.txt
echo "after loop rc=$?"
