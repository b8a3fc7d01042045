from datetime import datetime
for s, f in [("2022-11-03 14:15", "%Y-%m-%d %H:%M"), ("03/Nov/2022:14:15:16", "%d/%b/%Y:%H:%M:%S"), ("20220101", "%Y%m%d")]:
    d = datetime.strptime(s, f)
    print(d, d.weekday(), d.isoweekday())
try:
    datetime.strptime("2022-13-01", "%Y-%m-%d")
except ValueError as e:
    print("ValueError")
