def find(xs, t):
    for i, x in enumerate(xs):
        if x == t:
            print("found at", i)
            break
    else:
        print("not found")
find([1, 2, 3], 2)
find([1, 2, 3], 7)
n = 0
while n < 10:
    n += 3
    if n == 6:
        continue
    print("n", n)
