# A script's #! line picks the interpreter, here one of the shipped commands.
printf '#!/usr/bin/awk -f\nBEGIN { print "awk", ARGV[1] }\n' > a.awk
chmod +x a.awk
./a.awk one
printf '#!/usr/bin/env bash\necho "bash $1"\n' > b.sh
chmod +x b.sh
./b.sh two
printf '#!/bin/sed -f\ns/x/y/\n' > c.sed
chmod +x c.sed
echo xx | ./c.sed
printf '#!/usr/bin/no-such-interpreter\necho never\n' > d
chmod +x d
./d; echo "status $?"
printf 'echo one \0 echo two' > e
chmod +x e
./e; echo "status $?"
bash e; echo "status $?"
