import json, sys
raw = sys.stdin.read()
obj = json.loads(raw)
print(json.dumps(obj, indent=4))
