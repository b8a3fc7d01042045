import json
doc = json.loads('{"users": [{"id": 1, "name": "ann", "roles": ["admin"]}, {"id": 2, "name": "bob", "roles": []}]}')
for u in doc["users"]:
    u["admin"] = "admin" in u["roles"]
    u.setdefault("meta", {})["len"] = len(u["name"])
doc["count"] = len(doc["users"])
print(json.dumps(doc, indent=4, sort_keys=True))
