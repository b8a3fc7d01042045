# <(list) files are readable by the command and removed afterwards.
cat <(echo in1) <(echo in2)
x=$(cat <(echo hi)); echo "$x"
ls /tmp/.kitsh-procsub-* 2>/dev/null | wc -l
