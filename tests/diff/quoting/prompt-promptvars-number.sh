# ${x@P}: \# is the command number (0 under -c); shopt -u promptvars stops the expansion
# that follows the escapes.
x='\#|\!'; echo "${x@P}"
a='$(echo sub) ${HOME} `echo bt` \\ \q'
echo "1: ${a@P}"
shopt -u promptvars
echo "2: ${a@P}"
