readonly K=v
unset K
echo "rc=$?"
