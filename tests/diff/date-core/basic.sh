export TZ=UTC
date -d '2024-03-15 14:30:00' '+%Y-%m-%d %H:%M:%S'
date -d @0
date -d @1700000000 +%s
date -u -d @1700000000
date -d '2024-02-28 +1 day' +%F
date -d '2024-03-15' +'%a %A %b %B %d %e %j %u %w %U %W %V %G'
date -d '2024-03-15 09:05:03' +'%H %I %k %l %M %S %p %P %r %R %T %D %y %C %Z %z %:z'
date -d '2024-03-15T10:00:00Z' +%s
date -d '2024-03-15T10:00:00+02:00' -u +%FT%T
date -I -d '2024-03-15 10:00'
date -Iseconds -d '2024-03-15 10:00'
date -Iminutes -d '2024-03-15 10:00'
date -R -d '2024-03-15 10:00'
date -d 'Mar 15 2024' +%F
date -d '15 Mar 2024' +%F
date -d '2024-01-31 +1 month' +%F
date -d '2024-03-15 -2 weeks' +%F
date -d '2024-03-15 + 3 hours' +%T
date -d '@1700000000' '+%s %N'
TZ=America/New_York date -d @1700000000
TZ=Asia/Tokyo date -d '2024-03-15 10:00' +%s
date -d 'bogus'; echo $?
date -d '2024-13-01'; echo $?
date -u -d '2024-03-15 10:00 UTC' '+%-d %-m %_H %02d %^a %#b'
date -d '2024-12-31' +%j
date -d '20240315' +%F
date -d '2024-03-15 12:00:00.5' +%N
date --date='1970-01-01 00:00:00 UTC' +%s
