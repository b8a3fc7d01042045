# PS1 and PS2 exist only in interactive shells; a non-interactive bash unsets even exported ones
echo "[$PS1][$PS2][$PS4]"; PS1=x; export PS1=y; bash -c 'echo "[$PS1]"'
bash --norc -i -c 'echo "[$PS1][$PS2]"' 2>/dev/null
echo "${PS1@P}"
