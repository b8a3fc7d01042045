mkdir d; head -c 3000000 /dev/zero > d/zero; printf '\000\377\001' > d/bin
tar -czf a.tgz d
rm -r d; tar -xzf a.tgz
wc -c d/zero d/bin
md5sum d/bin
