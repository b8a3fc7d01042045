print("a", "b", "c", sep="-", end="!\n")
print("no newline", end="")
print()
print(*[1, 2, 3])
import sys
print("to stderr", file=sys.stderr)
sys.stdout.write("direct write\n")
print("x", 1, None, True, 1.0, [1, "s"], {"k": (1,)}, sep="|")
