printf 'l1\nl2\n' > f
awk 'BEGIN { getline a < "f"; close("f"); getline b < "f"; print a, b }'
awk 'BEGIN { print close("never-opened") }'
