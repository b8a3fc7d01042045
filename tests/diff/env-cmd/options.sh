mkdir d
env -C d pwd | sed "s|.*/||"
env -C nonexist pwd; echo "st=$?"
env -C d; echo "st=$?"
env nosuch_cmd_q; echo "st=$?"
env -z; echo "st=$?"
env -u; echo "st=$?"
env -S "echo a  \"b c\"" 
env -i A=1 B=2 -0 | od -c | head -2; echo "st=$?"
env -i A=1 ./; echo "st=$?"
env cd; echo "st=$?"
env --version | head -1
