rows = [("name", "qty", "price"), ("apple", 3, 0.5), ("watermelon", 1, 3.25), ("fig", 12, 0.2)]
widths = [max(len(str(r[i])) for r in rows) for i in range(3)]
for r in rows:
    print(" | ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
total = sum(q * p for _, q, p in rows[1:])
print(f"{'total':<{widths[0]}} | {total:>{widths[1] + widths[2] + 3}.2f}")
