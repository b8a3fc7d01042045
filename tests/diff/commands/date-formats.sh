export TZ=UTC
date -d '2024-03-10 15:04:05' '+%Y/%m/%d %I:%M %p %a %b %e'
date -d @1234567890 '+%F %T %Z %z %u %w %y'
date -u -d '1970-01-02' +%s
