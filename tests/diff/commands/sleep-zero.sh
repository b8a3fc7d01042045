sleep 0 && echo slept
sleep 0.01; echo "rc=$?"
sleep abc 2>/dev/null
echo "rc=$?"
