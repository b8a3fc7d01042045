import hashlib, base64
def short_id(s):
    return base64.b32encode(hashlib.sha256(s.encode()).digest()[:5]).decode().lower()
for s in ["alpha", "beta"]:
    print(s, short_id(s))
print(hashlib.md5(b"x" * 1000).hexdigest())
