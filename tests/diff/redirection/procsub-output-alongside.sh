# `>(list)` runs alongside the command that writes to it: an endless writer ends when the
# list stops reading (SIGPIPE, status 141), as in bash.
yes > >(head -2); echo "st=$?"
seq 1000000 > >(head -n 1); echo "st=$?"
yes | tee >(head -n 1 > /dev/null) > /dev/null; echo "st=${PIPESTATUS[*]}"
f() { yes; }; f > >(head -c 4); echo; echo "st=$?"
