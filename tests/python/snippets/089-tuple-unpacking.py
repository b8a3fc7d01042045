a, *rest = [1, 2, 3, 4]
*init, last = "abc"
(x, y), z = (1, 2), 3
print(a, rest, init, last, x, y, z)
a, b = 1, 2
a, b = b, a
print(a, b)
for i, (k, v) in enumerate({"p": 1, "q": 2}.items()):
    print(i, k, v)
def stats(*args, **kw):
    return len(args), sorted(kw)
print(stats(1, 2, *[3], x=1, **{"y": 2}))
