try:
    {}["k"]
except KeyError:
    raise RuntimeError("lookup failed")
