import time
t0 = time.time()
t1 = time.perf_counter(); time.sleep(0.01); dt = time.perf_counter() - t1
print(t0 > 1_600_000_000, dt >= 0.005, type(time.monotonic()).__name__)
print(time.strftime("%Y-%m-%d", time.gmtime(0)))
print(time.gmtime(86400 * 365).tm_year)
