class Vec:
    def __init__(self, x, y): self.x, self.y = x, y
    def __add__(self, o): return Vec(self.x + o.x, self.y + o.y)
    def __mul__(self, k): return Vec(self.x * k, self.y * k)
    __rmul__ = __mul__
    def __eq__(self, o): return (self.x, self.y) == (o.x, o.y)
    def __len__(self): return 2
    def __iter__(self): yield self.x; yield self.y
    def __repr__(self): return f"Vec({self.x}, {self.y})"
    def __bool__(self): return bool(self.x or self.y)
v = Vec(1, 2) + Vec(3, 4)
print(v, v * 2, 3 * v, list(v), len(v), bool(Vec(0, 0)))
print(Vec(1, 1) == Vec(1, 1), Vec(1, 1) != Vec(1, 2))
