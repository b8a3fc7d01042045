def acc():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x
g = acc()
next(g)
print(g.send(5), g.send(10))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
import itertools
print(list(itertools.islice(fib(), 10)))
