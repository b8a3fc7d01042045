from functools import reduce, partial
import operator
print(reduce(operator.mul, range(1, 6)))
print(reduce(lambda acc, x: acc + [x * 2], [1, 2, 3], []))
int2 = partial(int, base=2)
print(int2("1011"), int2("111"))
def power(base, exp): return base ** exp
sq = partial(power, exp=2)
print([sq(i) for i in range(5)])
print(sorted(["b", "A", "c"], key=str.lower))
