# fg waits for a job started under job control and prints its command; bg finds it running
# (the jobs sleep so that none ends before fg or bg looks at it, even on a busy machine)
fg; echo "no-monitor=$?"
set -m
(sleep 0.3; exit 3) & fg; echo "fg=$?"
sleep 0.3 & fg %1; echo "fg1=$?"
fg; echo "none=$?"
sleep 0.5 & bg; echo "bg=$?"
bg %7; echo "bg7=$?"
fg > /dev/null; echo "fg-bg=$?"
set +m
sleep 0.3 & set -m; fg; echo "started-without=$?"
set +m; wait
