echo a | sed 's/a/b'; echo $?
echo a | sed 'k'; echo $?
sed p nofile; echo $?
echo a | sed -n '/a/p;p'
echo a | sed --posix 's/a/b/'
echo abc | sed -E 's/(b/x/'; echo $?
echo a | sed '1,2!d'
echo a | sed -n 'p' - 
printf 'x\n' | sed '$!d'
printf 'x' | sed 's/x/y/' | od -c
printf 'x\ny' | sed '$a\
z' | od -c
