printf "1234567890" | dd ibs=3 obs=2 2>&1 >/dev/null | head -2
printf "abc" | dd status=noxfer 2>&1 >/dev/null
seq 100 | dd bs=10 count=2 2>&1 >/dev/null | head -2
printf "" | dd 2>&1 | head -2
