import re
for s in ["2024-01-05", "2024-1-5", "x2024-01-05", "2024-01-05x"]:
    m = re.match(r"(\d{4})-(\d{2})-(\d{2})", s)
    f = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    print(s, m.groups() if m else None, bool(f))
