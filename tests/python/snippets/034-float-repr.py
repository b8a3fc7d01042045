vals = [0.1, 1/3, 1e16, 1e-7, 123456789.0, 2.5e-310, float("inf"), -0.0]
for v in vals:
    print(repr(v), str(v))
print(0.1 + 0.2, 1.1 * 3, 100.0)
print(int(3.99), int(-3.99), float("1_000.5"))
