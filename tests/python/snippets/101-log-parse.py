import re, sys
from collections import defaultdict
pat = re.compile(r'^(\S+) - - \[([^\]]+)\] "(\w+) (\S+) [^"]*" (\d{3}) (\d+|-)')
hits = defaultdict(int); bytes_by = defaultdict(int)
for line in sys.stdin:
    m = pat.match(line)
    if not m:
        continue
    ip, ts, meth, path, status, size = m.groups()
    hits[status] += 1
    bytes_by[ip] += 0 if size == "-" else int(size)
print(dict(sorted(hits.items())))
print(max(bytes_by.items(), key=lambda kv: kv[1]))
