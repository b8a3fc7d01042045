# Write the 100 000-line JSON-lines input of jsonl_transform.js (seeded: the same file each time).
import json
import random
import sys

random.seed(1)
with open(sys.argv[1] if len(sys.argv) > 1 else "events.jsonl", "w") as f:
    for i in range(100000):
        f.write(json.dumps({"id": i, "user": "u%d" % random.randint(1, 500), "kind": random.choice(["click", "view", "buy"]),
                            "amount": round(random.random() * 100, 2), "tags": ["a", "b"][:random.randint(0, 2)]}) + "\n")
