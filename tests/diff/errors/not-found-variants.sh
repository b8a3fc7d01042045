nonexistent_cmd_xyz
echo "rc=$?"
./not_here.sh
echo "rc=$?"
/no/such/path/cmd
echo "rc=$?"
echo data > plain.txt
./plain.txt
echo "rc=$?"
