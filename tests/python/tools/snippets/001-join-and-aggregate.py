# Join users with their orders and aggregate per team: the task agents write with many calls.
import json
from collections import defaultdict

import kitsh_tools

teams = defaultdict(lambda: {"users": [], "paid": 0.0, "orders": 0})
for uid in range(1, 5):
    user = kitsh_tools.get_user(id=uid)
    orders = kitsh_tools.list_orders(user_id=uid, status="paid")
    t = teams[user["team"]]
    t["users"].append(user["name"].split()[0])
    t["paid"] = round(t["paid"] + sum(o["total"] for o in orders), 2)
    t["orders"] += len(orders)
print(json.dumps(dict(sorted(teams.items())), indent=2))
best = max(range(1, 5), key=lambda u: kitsh_tools.orders.total(user_id=u)["total"])
print("top spender:", kitsh_tools.get_user(id=best)["email"])
