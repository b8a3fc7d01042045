printf 'hello\n' > a.txt
printf 'hello' > nonl
file a.txt
file nonl
file a.txt nonl
