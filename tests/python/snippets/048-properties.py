class Temp:
    def __init__(self, c):
        self._c = c
    @property
    def f(self):
        return self._c * 9 / 5 + 32
    @f.setter
    def f(self, val):
        self._c = (val - 32) * 5 / 9
t = Temp(100)
print(t.f)
t.f = 32
print(t._c)
try:
    del t.f
except AttributeError as e:
    print("AttributeError")
