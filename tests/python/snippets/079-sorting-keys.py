people = [("ann", 31, "eng"), ("bob", 25, "ops"), ("cid", 31, "eng"), ("dee", 22, "ops")]
print(sorted(people, key=lambda p: p[1]))
print(sorted(people, key=lambda p: (-p[1], p[0])))
from operator import itemgetter, attrgetter
print(sorted(people, key=itemgetter(2, 0)))
print(max(people, key=itemgetter(1))[0], min(people, key=lambda p: p[1])[0])
people.sort(key=lambda p: p[0], reverse=True)
print([p[0] for p in people])
print(sorted({"b": 2, "a": 3, "c": 1}.items(), key=lambda kv: kv[1]))
