# Pipelines whose reader stops early: the writers end with SIGPIPE (141), as in bash.
yes | head -2; yes abc | cut -c2 | head -1
seq 3 | tac | paste -s -d, - | tee p; yes | rev | nl | fold -w 3 | head -2; echo ${PIPESTATUS[@]}
yes | tee y | head -1; echo ${PIPESTATUS[@]}
which ls yes; [ "$(hostname)" = "$(uname -n)" ] && echo same; find /usr/bin -name tac
