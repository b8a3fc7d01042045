from collections import defaultdict
pairs = [("fruit", "apple"), ("veg", "kale"), ("fruit", "pear"), ("nut", "pecan")]
d = defaultdict(list)
for k, v in pairs:
    d[k].append(v)
print(dict(d))
counts = defaultdict(int)
for ch in "mississippi":
    counts[ch] += 1
print(sorted(counts.items()))
tree = lambda: defaultdict(tree)
t = tree(); t["a"]["b"]["c"] = 1
print(t["a"]["b"]["c"], "x" in t)
