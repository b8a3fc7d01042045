import json
import sys
from urllib.parse import parse_qs, urlsplit

params = json.load(sys.stdin)
parts = urlsplit(params["url"])
query = {k: v[0] if len(v) == 1 else v for k, v in parse_qs(parts.query).items()}
out = {"scheme": parts.scheme, "host": parts.hostname or "", "path": parts.path or "/", "query": query}
if parts.port is not None:
    out["port"] = parts.port
print(json.dumps(out))
