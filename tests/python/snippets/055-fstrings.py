name, n, pi = "kit", 7, 3.14159265
print(f"{name!r} {name.upper()} {n:03d} {pi:.3f} {n * 2}")
print(f"{name=} {n=:>4}")
w = 10
print(f"[{name:>{w}}] [{pi:{w}.2f}]")
print(f"{{literal}} {'nested'} {[1, 2][-1]}")
d = {"k": "v"}
print(f"{d['k']} {len(d)}")
