cat > access.log <<'LOG'
10.0.0.1 - - [01/Jan/2024:10:00:00] "GET /index.html HTTP/1.1" 200 512
10.0.0.2 - - [01/Jan/2024:10:00:01] "POST /api HTTP/1.1" 500 64
10.0.0.1 - - [01/Jan/2024:10:00:02] "GET /about HTTP/1.1" 404 128
LOG
awk '{ ip[$1]++ } END { for (i in ip) print ip[i], i }' access.log | sort -rn
awk '$9 >= 400 { print $7, $9 }' access.log
awk '{ bytes += $NF } END { print "total", bytes }' access.log
awk -F'"' '{ print $2 }' access.log
