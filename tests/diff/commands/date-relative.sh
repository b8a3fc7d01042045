export TZ=UTC
date -d '2024-01-01 + 1 day' +%F 2>/dev/null
date -d '2024-01-31 12:00 +2 hours' '+%F %H' 2>/dev/null
