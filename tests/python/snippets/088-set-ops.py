a = {1, 2, 3, 4}; b = {3, 4, 5}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b))
print(a <= {1, 2, 3, 4, 5}, a.isdisjoint({9}), 3 in a)
s = set(); s.add(1); s.update([2, 3]); s.discard(9); s.remove(1)
print(sorted(s), len(s), frozenset([1, 2]) == {2, 1})
print(sorted(set("mississippi")))
