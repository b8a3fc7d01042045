# Without job control a background job ignores SIGINT and SIGQUIT; a shell it execs in place
# (one simple command) cannot trap them, nor any shell a signal ignored in its parent; `trap -p`
# in a compound job lists the ignored SIGINT.
# (each job says when it is ready, so a loaded machine cannot reorder the signal)
sync() { while [ ! -e ready ]; do sleep 0.02; done; rm -f ready; }
{ : > ready; sleep 0.3; echo survived; } &
sync; kill -INT $!; wait $!; echo "st=$?"
trap '' INT USR1
bash -c 'trap "echo x" INT USR2; echo st=$?; trap -p; trap - INT; trap -p INT'
trap - INT USR1
bash -c 'trap -p' &
wait
{ trap 'echo caught' INT; : > ready; sleep 0.3; echo after; } &
sync; kill -INT $!; wait $!; echo "st=$?"
{ trap -p; : > ready; sleep 0.3; echo quit-ignored; } &
sync; kill -QUIT $!; wait $!; echo "st=$?"
{ : > ready; sleep 0.3; echo never; } &
sync; kill -TERM $!; wait $!; echo "st=$?"
( bash -c 'trap -p; trap "echo hi" QUIT; trap -p QUIT' ) &
wait
echo 1; { bash -c "trap -p"; } & wait
echo 2; ( bash -c "trap -p"; ) & wait
echo 3; bash -c "trap -p" & wait
echo 4; { bash -c "trap -p"; echo x; } & wait
echo 6; f(){ bash -c "trap -p"; }; f & wait
echo 8; { trap -p; } & wait
echo 9; ( trap -p ) & wait
echo 10; trap -p & wait
echo 11; { (trap -p); } & wait
echo 12; f(){ trap -p; }; f & wait
echo 13; { trap -p; } && true & wait
echo 14; true && trap -p & wait
echo 15; { trap "echo" USR1; trap -p; } & wait
echo 16; trap "echo p" TERM; { trap -p; } & wait
echo 17; { trap - INT; trap -p; } & wait
