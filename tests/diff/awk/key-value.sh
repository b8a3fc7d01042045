printf 'host=web1 port=80 up=yes\nhost=db1 port=5432 up=no\n' > kv.txt
awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); d[kv[1]] = kv[2] } if (d["up"] == "yes") print d["host"] ":" d["port"] }' kv.txt
awk -F'[ =]' '{ print $2, $4 }' kv.txt
awk 'match($0, /port=[0-9]+/) { print substr($0, RSTART + 5, RLENGTH - 5) }' kv.txt
