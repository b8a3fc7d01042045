mkdir d
echo hi > d
echo "rc=$?"
echo x > nodir/file.txt
echo "rc=$?"
