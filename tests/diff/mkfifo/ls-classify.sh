mkfifo pipe; touch file
ls -F
ls -l | awk '{print $1, $NF}' | tail -n +2
