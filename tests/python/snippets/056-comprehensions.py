nums = range(10)
print([x * x for x in nums if x % 2])
print({x % 3 for x in nums})
print({str(x): x ** 2 for x in range(4)})
print([(i, j) for i in range(3) for j in range(i)])
m = [[1, 2, 3], [4, 5, 6]]
print([list(r) for r in zip(*m)])
print(sum(x for x in nums if x > 5))
