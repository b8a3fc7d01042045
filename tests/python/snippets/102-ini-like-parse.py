import sys
section = None; cfg = {}
for raw in sys.stdin:
    line = raw.split("#", 1)[0].strip()
    if not line:
        continue
    if line.startswith("[") and line.endswith("]"):
        section = line[1:-1]; cfg[section] = {}
    elif "=" in line:
        k, v = (p.strip() for p in line.split("=", 1))
        cfg[section][k] = int(v) if v.isdigit() else v
import json
print(json.dumps(cfg, indent=2, sort_keys=True))
