from datetime import datetime, timezone, timedelta
d = datetime(2024, 3, 10, 12, 0, tzinfo=timezone.utc)
print(d.isoformat())
print(d.timestamp())
est = timezone(timedelta(hours=-5))
print(d.astimezone(est).isoformat())
print(datetime.fromtimestamp(0, tz=timezone.utc))
print(datetime.fromisoformat("2024-03-10T12:00:00+02:00").utcoffset())
