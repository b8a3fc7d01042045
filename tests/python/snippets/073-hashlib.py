import hashlib
print(hashlib.md5(b"hello").hexdigest())
print(hashlib.sha256(b"hello").hexdigest())
print(hashlib.sha1("abc".encode()).hexdigest())
h = hashlib.sha256()
h.update(b"hel"); h.update(b"lo")
print(h.hexdigest() == hashlib.sha256(b"hello").hexdigest(), h.digest_size)
print(hashlib.sha512(b"").hexdigest()[:32])
