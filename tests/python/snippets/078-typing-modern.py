from __future__ import annotations
from typing import NamedTuple, TypedDict
class P(NamedTuple):
    x: int
    y: int = 0
class Cfg(TypedDict):
    name: str
    size: int
def area(p: P | None = None) -> int:
    return 0 if p is None else p.x * p.y
c: Cfg = {"name": "a", "size": 2}
print(P(2, 3), area(P(2, 3)), area(), c)
x: list[int] = [1, 2]
print(x)
