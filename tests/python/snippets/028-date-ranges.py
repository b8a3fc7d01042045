from datetime import date, timedelta
start = date(2024, 1, 29)
days = [start + timedelta(days=i) for i in range(7)]
for d in days:
    print(d.isoformat(), d.strftime("%a"), "weekend" if d.weekday() >= 5 else "")
print(date(2024, 2, 29).replace(year=2028))
