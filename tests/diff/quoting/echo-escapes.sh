echo -e 'a\x41\101\0102\u0041' | od -An -c
echo -e 'stop\chere'; echo
echo -E 'raw\tno'
echo -n -e 'x\ny' ; echo
echo -- -n dashes
echo -en '\e' | od -An -tx1
