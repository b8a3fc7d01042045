from itertools import groupby
data = [("a", 1), ("a", 2), ("b", 3), ("a", 4), ("c", 5), ("c", 6)]
for k, g in groupby(data, key=lambda t: t[0]):
    print(k, [v for _, v in g])
s = sorted(data, key=lambda t: t[0])
print({k: sum(v for _, v in g) for k, g in groupby(s, key=lambda t: t[0])})
print(["".join(g) for _, g in groupby("aaabccdd")])
