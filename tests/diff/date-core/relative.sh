export TZ=UTC
base='2024-03-15 12:00:00'
date -d "$base yesterday" +%F 
date -d "$base tomorrow" +%F
date -d "$base 1 day ago" +%F
date -d "$base next monday" +%F
date -d "$base last friday" +%F
date -d "$base +90 minutes" +%T
date -d "$base 1 year" +%F
date -d "2024-02-29 +1 year" +%F
date -d "$base -1 day -1 hour" '+%F %T'
date -d 'yesterday' +%F >/dev/null; echo $?
date -d '2024-03-15 12:00 +24 days' '+%F %T'
date -d '2024-03-15 12:00 +25 days' '+%F %T'; echo $?
date -d 'friday 2024-03-15' +%F
date -d '2024-03-15 12:00:00 +1 hour' '+%F %T'
