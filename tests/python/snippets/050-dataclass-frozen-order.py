from dataclasses import dataclass
@dataclass(frozen=True, order=True)
class Ver:
    major: int
    minor: int = 0
vs = [Ver(1, 2), Ver(0, 9), Ver(1, 0)]
print(sorted(vs))
print(Ver(1) == Ver(1, 0), hash(Ver(1)) == hash(Ver(1, 0)))
try:
    vs[0].major = 5
except Exception as e:
    print(type(e).__name__)
