printf 'new\n' > f; tar -cf a.tar f
printf 'old\n' > f
tar -xkf a.tar; echo "[$?]"
cat f
tar -xf a.tar; cat f
