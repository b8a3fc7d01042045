cd /does/not/exist
echo "rc=$?"
touch file; cd file
echo "rc=$?"
cd
echo "home ok rc=$?"
