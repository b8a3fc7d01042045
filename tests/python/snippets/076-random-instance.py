import random
r = random.Random(1234)
print([r.randrange(0, 10) for _ in range(10)])
print(r.choices("xyz", k=6))
print(round(r.gauss(0, 1), 8))
