from collections import namedtuple
Point = namedtuple("Point", ["x", "y"])
p = Point(1, y=2)
print(p, p.x + p.y, p._asdict())
q = p._replace(x=10)
print(q, q[0], tuple(q))
Emp = namedtuple("Emp", "name dept salary", defaults=[0])
print(Emp("ann", "eng"))
print(sorted([Point(3, 1), Point(1, 2)]))
