def flatten(x):
    if isinstance(x, list):
        return [y for e in x for y in flatten(e)]
    return [x]
print(flatten([1, [2, [3, [4, [5]]]], 6]))
def hanoi(n, a="A", b="B", c="C"):
    return [] if n == 0 else hanoi(n - 1, a, c, b) + [(a, c)] + hanoi(n - 1, b, a, c)
print(len(hanoi(10)), hanoi(2))
import sys
sys.setrecursionlimit(2000)
def depth(n): return 0 if n == 0 else 1 + depth(n - 1)
print(depth(1500))
