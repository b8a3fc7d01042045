import re
text = "Alpha\nbeta\nGAMMA\n"
print(re.findall(r"^[a-z]+$", text, re.M))
print(re.findall(r"^[a-z]+$", text, re.M | re.I))
print(bool(re.search(r"alpha.beta", text, re.S | re.I)))
v = re.compile(r"""
  (\d+)   # number
  \s*
  (kb|mb) # unit
""", re.X | re.I)
print(v.findall("10 KB, 3mb, 7 gb"))
