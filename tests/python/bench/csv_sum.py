# Sum the "amount" column of a CSV read from stdin, grouped by "region".
# Input: tests/python/bench/gen_csv.sh > /tmp/bench100k.csv (100 000 data rows)
import csv, sys
totals = {}
count = 0
for row in csv.DictReader(sys.stdin):
    totals[row["region"]] = totals.get(row["region"], 0.0) + float(row["amount"])
    count += 1
print(count)
for region in sorted(totals):
    print(region, f"{totals[region]:.2f}")
