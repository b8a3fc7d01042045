xs = [5, 3, 8, 1]
xs.append(7); xs.extend([2, 2]); xs.insert(0, 9)
print(xs, xs.count(2), xs.index(8))
xs.remove(2); print(xs.pop(), xs.pop(0), xs)
xs.sort(); print(xs, xs[::-1], list(reversed(xs)))
print(xs * 2 if len(xs) < 4 else xs[:2] * 2, [1, 2] < [1, 3], [[0] * 2] * 2)
a = [1, 2, 3]; b = a; b += [4]; print(a, a is b, a.copy() is a)
del a[1:3]; print(a)
