from pprint import pprint, pformat
data = {"users": [{"name": "ann", "roles": ["admin", "dev"], "id": 1}, {"name": "bob", "roles": [], "id": 2}], "version": 3, "meta": {"generated": "2024-01-01"}}
pprint(data, width=60)
print(pformat([1, 2, 3]))
