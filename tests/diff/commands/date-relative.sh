export TZ=UTC
date -d '2024-01-01 + 1 day' +%F 2>/dev/null
date -d '2024-01-31 12:00 +2 hours' '+%F %H' 2>/dev/null
date -d '2024-01-01 - 2 days' +%F
date -d '2024-03-10 10:00 -1 hour' '+%F %H'
date -d '2024-02-01 -1 day' +%F
date -d '2024-01-01 12:00:00 -05:00' '+%F %H'
