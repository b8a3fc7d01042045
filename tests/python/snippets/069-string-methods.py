s = "  Hello, World  "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print(s.strip().lower(), s.strip().upper(), s.strip().swapcase(), "hello world".title())
print("a,b,,c".split(","), "a b  c".split(), "a=b=c".split("=", 1), "a=b=c".rsplit("=", 1))
print("-".join(["x", "y"]), "abc".replace("b", "B"), "hello".find("l"), "hello".rfind("l"), "x".find("z"))
print("abc".startswith(("x", "a")), "abc".endswith("c"), "42".isdigit(), "ab".isalpha(), " ".isspace())
print("tab".center(9, "*"), "7".zfill(3), "ab".ljust(4, ".") + "|", "ab".rjust(4) + "|")
print("Hello".count("l"), "a\tb".expandtabs(4), "x y z".partition(" "), "x y z".rpartition(" "))
print("ß".casefold(), "line1\nline2\r\nline3".splitlines(), "%".join("abc"))
