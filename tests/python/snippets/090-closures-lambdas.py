def counter():
    n = 0
    def inc(step=1):
        nonlocal n
        n += step
        return n
    return inc
c = counter()
print(c(), c(), c(10))
adders = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in adders])
print((lambda *a: sum(a))(1, 2, 3))
g = 5
def read_g():
    global g
    g += 1
    return g
print(read_g(), g)
