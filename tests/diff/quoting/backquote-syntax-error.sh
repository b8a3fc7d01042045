# A backquote body is parsed when it runs: its syntax error fails only the substitution.
y=`echo "`
echo "status $? y=[$y]"
echo `echo \\\\"`
echo "last $?"
z=`echo ok`
echo "$z"
