# A background job of one simple command that starts a shell: `$!` is that shell, and a
# signal sent to it reaches its traps (bash execs the command in the job's process).
bash -c 'trap "echo usr1" USR1; sleep 0.3; echo after' &
sleep 0.1
kill -USR1 $!
wait; echo status=$?
bash -c 'echo $$ > pidfile' &
wait; [ "$(cat pidfile)" = "$!" ] && echo same-pid
f() { bash -c 'echo $$ > pidfile'; }
f & wait; [ "$(cat pidfile)" = "$!" ] || echo function-forks
bash -c 'sleep 0.3; echo not-reached' &
sleep 0.1; kill -TERM $!; wait $!; echo "term=$?"
