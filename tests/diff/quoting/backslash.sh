echo a\ b "c\d" 'e\f' "g\\h" "i\$j" "k\`l"
echo \* \? \[ \]
echo "\n" '\n'
echo -e 'x\ty' "1\n2"
echo -n no-newline; echo
