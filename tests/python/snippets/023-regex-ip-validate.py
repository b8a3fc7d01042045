import re
ip = re.compile(r"^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$")
for s in ["192.168.0.1", "256.1.1.1", "10.0.0", "0.0.0.0", "1.2.3.04"]:
    print(s, "valid" if ip.match(s) else "invalid")
