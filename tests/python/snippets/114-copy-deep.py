import copy
a = {"l": [1, [2, 3]], "d": {"k": 1}}
s = copy.copy(a); d = copy.deepcopy(a)
a["l"][1].append(4); a["d"]["k"] = 9
print(s["l"], s["d"], d["l"], d["d"])
