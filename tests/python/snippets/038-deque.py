from collections import deque
d = deque([1, 2, 3], maxlen=5)
d.append(4); d.appendleft(0); d.append(5)
print(d, len(d))
d.rotate(2)
print(list(d))
print(d.popleft(), d.pop())
last = deque(maxlen=3)
for i in range(10):
    last.append(i)
print(list(last))
