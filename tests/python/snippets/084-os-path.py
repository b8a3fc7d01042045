import os.path
p = "/var/log/app/server.log.gz"
print(os.path.basename(p), os.path.dirname(p))
print(os.path.splitext(p), os.path.splitext("noext"))
print(os.path.join("a", "b", "c.txt"), os.path.join("/root", "/abs", "x"))
print(os.path.split(p), os.path.isabs(p), os.path.normpath("a/./b/../c//d"))
print(os.sep, os.path.join("dir", ""))
