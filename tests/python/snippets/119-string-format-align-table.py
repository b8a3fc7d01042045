items = {"alpha": 1.5, "beta": 22.25, "gamma": 333.125}
print(f"{'key':<8}|{'value':>10}")
print("-" * 19)
for k, v in items.items():
    print(f"{k:<8}|{v:>10.2f}")
print(f"{sum(items.values()):>19.3f}")
print("{0}{1}{0}".format("ab", "cd"), "{name}-{n:03}".format(name="x", n=5))
