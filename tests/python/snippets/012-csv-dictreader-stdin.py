import csv, sys
rows = list(csv.DictReader(sys.stdin))
print(len(rows), "rows")
by_dept = {}
for r in rows:
    by_dept.setdefault(r["dept"], []).append(int(r["salary"]))
for d, s in sorted(by_dept.items()):
    print(f"{d}: n={len(s)} avg={sum(s)/len(s):.1f} max={max(s)}")
