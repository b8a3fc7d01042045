export TZ=UTC
printf '%(%Y-%m-%d %H:%M:%S)T\n' 0
printf '%(%s)T\n' 86400
printf '[%20(%F)T]\n' 1000000000
