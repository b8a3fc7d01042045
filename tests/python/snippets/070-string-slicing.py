s = "abcdefghij"
print(s[2:5], s[:3], s[-3:], s[::2], s[::-1], s[1:-1:3])
print(s[100:], s[-100:2], len(s))
print("abc" * 3, "b" in s, s.index("e"))
print(ord("A"), chr(9731), "é".encode("utf-8"), ascii("é"))
print(sorted("hello"), "".join(sorted("hello", reverse=True)))
