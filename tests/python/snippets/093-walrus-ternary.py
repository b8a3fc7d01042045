import re
data = ["a=1", "junk", "b=22"]
for s in data:
    if (m := re.match(r"(\w)=(\d+)", s)) is not None:
        print(m.group(1), int(m.group(2)) * 2)
vals = [y for x in range(6) if (y := x * x) % 2 == 0]
print(vals, "even" if len(vals) % 2 == 0 else "odd")
