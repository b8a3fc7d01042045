import json
data = json.loads('{"name": "kit", "tags": ["a", "b"], "n": 3, "ok": true, "none": null}')
print(data["name"], data["tags"], data["n"], data["ok"], data["none"])
print(type(data["n"]).__name__, len(data))
