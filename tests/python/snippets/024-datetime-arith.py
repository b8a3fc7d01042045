from datetime import datetime, timedelta, date
d = datetime(2024, 2, 28, 23, 30)
print(d + timedelta(hours=1))
print(d + timedelta(days=2))
print((datetime(2024, 12, 25) - datetime(2024, 1, 1)).days)
td = timedelta(days=1, hours=2, minutes=3, seconds=4)
print(td, td.total_seconds())
print(date(2023, 3, 1) - timedelta(days=1))
