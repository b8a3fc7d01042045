# `>(list)` runs alongside the command that writes to it: an endless writer ends when the
# list stops reading (SIGPIPE, status 141), as in bash. bash does not wait for the lists, so
# their output goes to files, read once they are written.
yes > >(head -2 > o1); echo "st=$?"
seq 1000000 > >(head -n 1 > o2); echo "st=$?"
yes | tee >(head -n 1 > /dev/null) > /dev/null; echo "st=${PIPESTATUS[*]}"
f() { yes; }; f > >(head -c 4 > o4); echo "st=$?"
for i in 1 2 3 4 5 6 7 8 9 10; do [ -s o1 ] && [ -s o2 ] && [ -s o4 ] && break; sleep 0.1; done
sleep 0.2; cat o1 o2 o4
