from dataclasses import dataclass, field, asdict, replace
@dataclass
class Item:
    name: str
    price: float
    tags: list = field(default_factory=list)
    qty: int = 1
    def total(self):
        return self.price * self.qty
i = Item("pen", 1.5, qty=4)
print(i, i.total())
print(asdict(i))
print(replace(i, qty=2) == Item("pen", 1.5, [], 2))
