# A background job of one simple command that starts a shell: `$!` is that shell, and a
# signal sent to it reaches its traps (bash execs the command in the job's process).
bash -c 'trap "echo usr1" USR1; : > ready; sleep 0.5; echo after' &
while [ ! -e ready ]; do sleep 0.02; done
kill -USR1 $!
wait; echo status=$?
bash -c 'echo $$ > pidfile' &
wait; [ "$(cat pidfile)" = "$!" ] && echo same-pid
f() { bash -c 'echo $$ > pidfile'; }
f & wait; [ "$(cat pidfile)" = "$!" ] || echo function-forks
rm -f ready
bash -c ': > ready; sleep 0.5; echo not-reached' &
while [ ! -e ready ]; do sleep 0.02; done
kill -TERM $!; wait $!; echo "term=$?"
