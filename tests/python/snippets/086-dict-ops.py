d = {"a": 1, "b": 2}
d2 = {**d, "c": 3}
print(d2, d | {"z": 0}, list(d2.keys()), list(d2.values()))
print(d2.get("x", 9), d2.pop("a"), d2, d2.setdefault("b", 100))
inv = {v: k for k, v in d2.items()}
print(inv, sorted(d2), "b" in d2, len(d2))
d2.update(e=5); del d2["b"]
print(d2, dict(zip("xy", [1, 2])), dict.fromkeys("ab", 0))
