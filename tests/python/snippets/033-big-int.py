x = 2 ** 100
print(x, len(str(x)))
print(x // 3, x % 97, -7 // 2, -7 % 2, divmod(-7, 2))
print(int("ff", 16), int("0b101", 0), hex(3735928559), bin(10), oct(64))
print(pow(3, 200, 1000007), abs(-5), (1 << 70) >> 68)
print(10 / 4, 10 // 4, 2 ** -1, 7.0 // 2)
