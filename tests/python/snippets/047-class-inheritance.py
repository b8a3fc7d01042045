class Animal:
    def __init__(self, name):
        self.name = name
    def speak(self):
        return "..."
    def __repr__(self):
        return f"{type(self).__name__}({self.name!r})"
class Dog(Animal):
    def speak(self):
        return "woof"
class Puppy(Dog):
    def speak(self):
        return super().speak() + "!"
for a in [Animal("x"), Dog("rex"), Puppy("bit")]:
    print(a, a.speak(), isinstance(a, Dog))
print(Puppy.__mro__[1].__name__, issubclass(Puppy, Animal))
