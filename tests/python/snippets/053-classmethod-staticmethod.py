class Config:
    count = 0
    def __init__(self, **kw):
        self.kw = kw
        Config.count += 1
    @classmethod
    def from_str(cls, s):
        return cls(**dict(p.split("=") for p in s.split(",")))
    @staticmethod
    def valid(k):
        return k.isidentifier()
c = Config.from_str("a=1,b=2")
print(c.kw, Config.count, Config.valid("x1"), Config.valid("1x"))
