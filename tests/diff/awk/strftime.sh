export TZ=UTC
awk 'BEGIN { print strftime("%Y-%m-%d %H:%M:%S", 0) }'
awk 'BEGIN { print strftime("%Y-%m-%dT%H:%M:%SZ", 1700000000, 1) }'
awk 'BEGIN { print strftime("%A %B %d %j", 86400 * 365) }'
awk 'BEGIN { print mktime("2024 01 15 12 30 00") }'
