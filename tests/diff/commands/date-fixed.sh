date -u -d @0 +%Y-%m-%d
date -u -d @86400 '+%H:%M:%S %j'
TZ=UTC date -d '2024-02-29 12:00:00' +%s
date -u -d @1700000000 +'%A %B %d'
