import re
s = "The year 1999 and 2024, then 42."
print(re.sub(r"\d{4}", "YEAR", s))
print(re.sub(r"(\w+)@(\w+)\.com", r"\2 at \1", "mail ann@example.com now"))
print(re.sub(r"\s+", " ", "  too   many \t spaces  ").strip())
print(re.sub(r"\d+", lambda m: str(int(m.group()) * 2), "a1 b22 c333"))
