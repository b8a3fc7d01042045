export MYVAR=hello
awk 'BEGIN { print ENVIRON["MYVAR"] }'
FOO=bar awk 'BEGIN { print ENVIRON["FOO"], length(ENVIRON["NOPE"]) }'
