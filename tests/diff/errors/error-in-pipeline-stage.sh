nosuch_cmd_1 | echo "second stage runs"
echo "rc=$?"
echo x | nosuch_cmd_2
echo "rc=$?"
