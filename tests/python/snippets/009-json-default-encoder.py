import json
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
def enc(o):
    if isinstance(o, Point):
        return {"x": o.x, "y": o.y}
    raise TypeError(f"cannot encode {type(o).__name__}")
print(json.dumps({"p": Point(1, 2), "ps": [Point(3, 4)]}, default=enc))
try:
    json.dumps({"s": {1, 2}})
except TypeError as e:
    print("TypeError:", e)
