# fg waits for a job started under job control and prints its command; bg finds it running
fg; echo "no-monitor=$?"
set -m
(exit 3) & fg; echo "fg=$?"
sleep 0.01 & fg %1; echo "fg1=$?"
fg; echo "none=$?"
sleep 0.05 & bg; echo "bg=$?"
bg %7; echo "bg7=$?"
fg > /dev/null; echo "fg-bg=$?"
set +m
sleep 0.01 & set -m; fg; echo "started-without=$?"
set +m; wait
