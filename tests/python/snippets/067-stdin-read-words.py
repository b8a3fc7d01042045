import sys
from collections import Counter
text = sys.stdin.read()
words = [w.strip(".,!?").lower() for w in text.split()]
for w, c in Counter(words).most_common(3):
    print(w, c)
print(len(text.splitlines()), "lines")
