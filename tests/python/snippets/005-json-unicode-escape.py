import json
s = {"greet": "héllo wörld", "emoji": "\u2603", "quote": 'say "hi"'}
print(json.dumps(s))
print(json.dumps(s, ensure_ascii=False))
print(json.loads('"\\u00e9\\n"') == "é\n")
