# ${x@P}: what a prompt escape gives (\w) is not expanded again; the rest is.
mkdir -p 'd$foo'
cd 'd$foo'
foo=FV
PS1='\W $foo $(echo c) \101'
echo "${PS1@P}"
