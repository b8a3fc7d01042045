import json, sys
data = json.load(sys.stdin)
total = sum(item["price"] * item["qty"] for item in data["items"])
print(f"items={len(data['items'])} total={total:.2f}")
names = sorted(i["name"] for i in data["items"])
print(", ".join(names))
