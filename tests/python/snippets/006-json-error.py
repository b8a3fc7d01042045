import json
try:
    json.loads('{"a": 1,}')
except json.JSONDecodeError as e:
    print("error:", type(e).__name__, e.lineno, e.colno)
try:
    json.loads("")
except ValueError as e:
    print("value error ok")
