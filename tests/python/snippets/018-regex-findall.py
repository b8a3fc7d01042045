import re
log = "ERROR 12:01 disk full; WARN 12:02 slow; ERROR 12:05 net down"
print(re.findall(r"ERROR (\d\d:\d\d)", log))
print(re.findall(r"(\w+) (\d\d):(\d\d)", log))
print(len(re.findall(r"[A-Z]{4,5}", log)))
print([m.start() for m in re.finditer("ERROR", log)])
