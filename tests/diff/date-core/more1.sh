export TZ=UTC
d='2024-07-04 09:08:07'
date -d "$d" '+%c'
date -d "$d" '+%x %X'
date -d "$d" '+%h %n%t| %%'
date -d "$d" '+%s'
date -d "$d" '+%10s|%-H|%_m|%05Y|%^B|%#Z|%-j'
date -d "$d" '+%:z %::z %:::z'
date -d "$d" '+%g %G %V %U %W'
date -d "$d" '+%q %F %T'
date -d "$d" '+%N %3N %6N'
date -d '2024-01-01' '+%U %W %V %G %a'
date -d '2023-01-01' '+%U %W %V %G %g'
date -d '2020-12-31' '+%j %U %V'
date -u -d '2024-07-04T09:08:07.123456789Z' '+%T.%N'
date -d '2024-07-04 09:08:07 +0530' '+%F %T %z'
date -d "$d" -Ihours
date -d "$d" -Ins
date -d "$d" --rfc-3339=seconds
date -d "$d" --rfc-3339=date
date -d "$d" --rfc-3339=ns
date -d "$d" --iso-8601
date -u -R -d "$d"
TZ=Europe/Paris date -d "$d"
TZ=Europe/Paris date -d "$d" -R
TZ=Europe/Paris date -d '2024-01-15 12:00' '+%Z %z'
TZ=America/Los_Angeles date -d '2024-03-10 03:30' '+%F %T %Z'
TZ=UTC0 date -d @86400
date -d '1969-12-31 23:59:59' +%s
date -d @-1 '+%F %T'
date -d '12:34' '+%H:%M' 
date -d 'now' +%Y >/dev/null; echo $?
date -d '2024-07-04' '+%A, %B %d, %Y'
date -r /dev/null +%Y >/dev/null; echo $?
touch -d '2021-05-06 07:08:09' f; date -r f '+%F %T'
date +%Y -d '2000-01-01'
date -d "$d" +'%Y' +'%m'; echo $?
date -u -d '2024-07-04 09:08:07 PST' '+%F %T'
date -d '2024/07/04' +%F 2>&1
date -d '07/04/2024' +%F
date -d 'Jul 4' +%m-%d
date -d '4 July 2024 10am' '+%F %T'
date -d '2024-07-04 10:00 pm' '+%F %T'
date -u -d '2024-07-04 09:08:07 EDT' '+%F %T'
date -u -d '2024-01-04 09:08 CET' '+%F %T'
date -u -d '2024-01-04 09:08 JST' '+%F %T'
date -d '2024-07-04 9am' '+%F %T'
date -d '2024-07-04 9:15pm' '+%F %T'
date -d '2024-07-04 12am' '+%F %T'
date -d '2024-07-04 12 pm' '+%F %T'
date -d '2024-07-04 13pm' '+%F %T'; echo $?
date -d '2024/7/4 10:00' '+%F %T'
date -d '7/4/24' '+%F'
