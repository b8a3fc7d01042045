from collections import OrderedDict
od = OrderedDict()
od["b"] = 1; od["a"] = 2; od["c"] = 3
od.move_to_end("b")
print(list(od.items()))
print(od.popitem(last=False))
print(od == OrderedDict([("c", 3), ("b", 1)]), od == {"b": 1, "c": 3})
