try:
    "é".encode("ascii")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError", e.start, e.end)
print("é".encode("ascii", errors="ignore"), "é".encode("ascii", errors="replace"))
try:
    b"\xff".decode("utf-8")
except UnicodeDecodeError:
    print("UnicodeDecodeError")
print(str(b"abc", "ascii"), repr(b"\x00\n'"))
