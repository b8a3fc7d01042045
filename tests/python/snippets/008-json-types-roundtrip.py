import json
vals = [0, -1, 3.25, 1e20, "s", [], {}, [None, False], {"k": [1, {"j": 2}]}]
for v in vals:
    s = json.dumps(v)
    print(s, json.loads(s) == v)
print(json.dumps((1, 2)))
print(json.dumps({1: "int key"}))
