# Single quotes are not removed inside $(( )): a syntax error, as in bash.
echo $(( '1' + 2 )); echo "status=$?"
x=$(( "1" + 2 )); echo "x=$x"
for (( i=0; i<3; i+=1/0 )); do echo "i=$i"; done; echo "for=$?"
