keys = ["a", "b", "c"]
vals = [1, 2, 3]
d = dict(zip(keys, vals))
print(d, list(zip(*d.items())))
matrix = [[1, 2], [3, 4], [5, 6]]
print([sum(col) for col in zip(*matrix)], [sum(r) for r in matrix])
print(list(zip(range(3), "abc", [True, False, None])))
