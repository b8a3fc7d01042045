import base64
raw = b"hello \x00\xff world"
e = base64.b64encode(raw)
print(e, base64.b64decode(e) == raw)
print(base64.urlsafe_b64encode(b"\xfb\xff\xfe"), base64.b64encode(b"\xfb\xff\xfe"))
print(base64.b16encode(b"AB"), base64.b32encode(b"abc"))
print(base64.b64decode("aGk=").decode())
