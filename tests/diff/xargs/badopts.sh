xargs -n 0 echo; echo "st=$?"
xargs -n abc echo < /dev/null; echo "st=$?"
xargs --bogus < /dev/null; echo "st=$?"
xargs -Q < /dev/null; echo "st=$?"
