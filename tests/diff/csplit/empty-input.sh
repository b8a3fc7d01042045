: > e
csplit e 3 /x/; echo "st=$?"; ls
csplit e /x/; echo "st=$?"; ls
csplit -z e %x% ; echo "st=$?"; ls
