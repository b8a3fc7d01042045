from functools import cmp_to_key, total_ordering
def cmp(a, b):
    return (a > b) - (a < b)
print(sorted([3, 1, 2], key=cmp_to_key(lambda a, b: cmp(b, a))))
@total_ordering
class V:
    def __init__(self, n): self.n = n
    def __eq__(self, o): return self.n == o.n
    def __lt__(self, o): return self.n < o.n
print(V(1) <= V(2), V(3) >= V(4), max([V(5), V(2)]).n)
