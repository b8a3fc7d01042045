# Pure in-memory variant of csv_sum.py (no csv module, no stdin), so engines
# without them (Monty) can be timed too: build 100 000 CSV lines, split, sum.
regions = ["north", "south", "east", "west"]
lines = [f"{i},{regions[(i * 7) % 4]},{(i * 37) % 1000}.{i % 100:02d},item {i}" for i in range(1, 100001)]
totals = {}
for line in lines:
    parts = line.split(",")
    totals[parts[1]] = totals.get(parts[1], 0.0) + float(parts[2])
print(len(lines))
for region in sorted(totals):
    print(region, f"{totals[region]:.2f}")
