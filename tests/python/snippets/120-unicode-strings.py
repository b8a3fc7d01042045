s = "naïve café ☃ 日本"
print(len(s), s.upper(), s.encode("utf-8")[:12])
print([c for c in s if ord(c) > 127])
print(s[::-1], "日本" in s, s.index("☃"))
import unicodedata
print(unicodedata.name("☃"), unicodedata.normalize("NFD", "é").encode())
