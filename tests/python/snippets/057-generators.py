def gen(n):
    for i in range(n):
        yield i * i
    return "done"
print(list(gen(5)))
g = gen(2)
print(next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)
def chained():
    yield from gen(3)
    yield -1
print(list(chained()))
print(sum(1 for _ in gen(100)))
