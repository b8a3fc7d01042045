import io
buf = io.StringIO()
buf.write("line1\n"); print("line2", file=buf)
print(repr(buf.getvalue()))
r = io.StringIO("a\nb\nc")
print(r.readline(), end=""); print(r.read().split("\n"))
bb = io.BytesIO(b"xyz"); print(bb.read(2), bb.getvalue())
