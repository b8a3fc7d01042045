from datetime import datetime
d = datetime(2021, 7, 4, 9, 5, 7)
print(d.strftime("%Y-%m-%d %H:%M:%S"))
print(d.strftime("%a %b %d %y %I:%M %p"))
print(d.strftime("%A, %B %-d" if False else "%A, %B %d"))
print(d.strftime("%j %U %w"))
print(d.isoformat(), d.date().isoformat(), d.time())
