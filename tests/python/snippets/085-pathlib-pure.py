from pathlib import PurePosixPath
p = PurePosixPath("/home/user/proj/src/main.tar.gz")
print(p.name, p.stem, p.suffix, p.suffixes, p.parent)
print(p.parts)
print(p.with_suffix(".zip"), p.with_name("x.py"))
q = PurePosixPath("a") / "b" / "c.txt"
print(q, q.is_absolute(), str(q.parent.parent))
print(p.relative_to("/home/user"), p.match("*.gz"))
