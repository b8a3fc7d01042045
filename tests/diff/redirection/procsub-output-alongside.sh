# `>(list)` runs alongside the command that writes to it: an endless writer ends when the
# list stops reading (SIGPIPE, status 141), as in bash.
yes > >(head -2); echo "st=$?"
seq 1000000 > >(head -n 1); echo "st=$?"
yes | tee >(head -n 1 > /dev/null) > /dev/null; echo "st=${PIPESTATUS[*]}"
f() { yes; }; f > >(head -c 4 > o4); echo "st=$?"
# bash does not wait for the list: wait for its output before reading it.
for i in 1 2 3 4 5 6 7 8 9 10; do [ -s o4 ] && break; sleep 0.1; done; cat o4
