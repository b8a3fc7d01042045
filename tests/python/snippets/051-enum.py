from enum import Enum, IntEnum, auto
class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
print(Color.RED, Color(2), Color["BLUE"], Color.RED.name, Color.RED.value)
print([c.name for c in Color])
class Pri(IntEnum):
    LOW = auto()
    HIGH = auto()
print(Pri.HIGH > Pri.LOW, int(Pri.HIGH), Pri.LOW + 1)
print(Color.RED is Color(1), repr(Color.GREEN))
