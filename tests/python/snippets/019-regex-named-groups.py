import re
pat = re.compile(r"(?P<key>\w+)=(?P<val>[^;]*)")
for m in pat.finditer("host=db1;port=5432;user=admin;empty="):
    print(m.group("key"), repr(m.group("val")), m.span())
m = pat.search("x  y=1")
print(m.groupdict())
