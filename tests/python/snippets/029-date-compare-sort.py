from datetime import date
ds = [date(2023, 5, 1), date(2021, 1, 9), date(2023, 1, 15)]
print(sorted(ds))
print(max(ds), min(ds))
print(date(2024, 1, 1) < date(2024, 1, 2))
print(date.fromisoformat("2020-02-02").toordinal())
print(date(2024, 7, 4).isocalendar()[1])
