from abc import ABC, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self): ...
    def describe(self): return f"{type(self).__name__} area={self.area():.2f}"
class Sq(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
print(Sq(3).describe())
try:
    Shape()
except TypeError:
    print("cannot instantiate")
