import argparse
import json
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--field", required=True)
args = ap.parse_args()
records = json.load(sys.stdin).get("records", [])
values = [r[args.field] for r in records if isinstance(r.get(args.field), (int, float))]
total = sum(values)
print(json.dumps({"field": args.field, "count": len(values), "sum": total, "mean": total / len(values) if values else None}))
