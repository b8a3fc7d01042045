# >&word and 1>&word with a word that is not a number send stdout and stderr to a file.
{ echo out; echo err >&2; } 1>&f1
echo "status=$?"; cat f1
{ echo out; echo err >&2; } >&f2
cat f2
echo x 2>&f3
echo "status=$?"
