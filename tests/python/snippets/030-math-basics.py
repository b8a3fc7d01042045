import math
print(math.sqrt(2), math.floor(-2.5), math.ceil(2.1))
print(math.gcd(48, 18), math.factorial(10), math.comb(10, 3), math.perm(5, 2))
print(math.isclose(0.1 + 0.2, 0.3), math.pi, math.e)
print(math.log(100, 10), math.log2(1024), math.log10(0.001))
print(math.hypot(3, 4), math.inf > 10**100, math.isnan(float("nan")))
print(round(2.675, 2), round(0.5), round(1.5), round(-0.5))
