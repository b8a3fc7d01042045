from collections import ChainMap
defaults = {"color": "red", "user": "guest"}
env = {"user": "admin"}
cfg = ChainMap(env, defaults)
print(cfg["user"], cfg["color"], len(cfg))
print(sorted(cfg.keys()))
