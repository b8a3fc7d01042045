import sys, re
from collections import Counter
text = sys.stdin.read().lower()
words = re.findall(r"[a-z']+", text)
stop = {"the", "a", "and", "of", "to", "in"}
c = Counter(w for w in words if w not in stop)
for w, n in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[:5]:
    print(f"{w:<10}{n:>3}")
