from collections import Counter
words = "the cat and the hat and the bat".split()
c = Counter(words)
print(c.most_common(2))
print(c["the"], c["dog"])
c.update(["dog", "dog"])
print(sorted(c.items()))
print(Counter("abracadabra").most_common(3))
print((Counter(a=3, b=1) - Counter(a=1, b=2)))
