import sys
total = 0
for i, line in enumerate(sys.stdin, 1):
    line = line.rstrip("\n")
    total += len(line)
    print(f"{i:3}: {line[::-1]}")
print("chars:", total)
