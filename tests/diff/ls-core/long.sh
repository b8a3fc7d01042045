mkdir d; for s in 0 1 999 1000 1023 1024 1536 10240 1048576 1500000; do head -c $s /dev/zero > d/f$s; touch -d '2022-02-03 04:05' d/f$s; done
ls -lh d | awk '{print $5, $9}'
ls -l d | awk '{print $5, $6, $7, $8, $9}'
ls -lS d | awk '{print $9}'
ls -ls d | awk '{print $1, $10}' | head -4
ls -l --si d | awk '{print $5}' | tail -4
ls -lh d/f1500000 d/f1048576 | awk '{print $5}'
touch -d '2022-02-03 04:05:06.5' d/x; ls -l --time-style=full-iso d/x | awk '{print $6, $7, $8}'
ls -l --time-style=iso d/x | awk '{print $6, $7}'
ls -l --time-style=+%Y%m%d d/x | awk '{print $6}'
ls -g d/x | awk '{print $1, $4}'
ls -o d/x | awk '{print $1, $4}'
ls -lk d/f10240 | awk '{print $5}'
ls -sk d/f10240 | awk '{print $2}'
ls -1 -t d | head -3
ls -1 -rt d | head -3
ls -x d
ls -C -w 40 d
ls -w 30 d
ls -m -w 30 d
