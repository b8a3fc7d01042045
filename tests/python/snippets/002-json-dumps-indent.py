import json
obj = {"b": [1, 2, {"c": None}], "a": "x", "z": 1.5, "t": True}
print(json.dumps(obj, indent=2))
print(json.dumps(obj, sort_keys=True))
print(json.dumps(obj, separators=(",", ":"), sort_keys=True))
