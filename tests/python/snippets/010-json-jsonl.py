import json, sys
counts = {}
for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    rec = json.loads(line)
    counts[rec["level"]] = counts.get(rec["level"], 0) + 1
for k in sorted(counts):
    print(k, counts[k])
