# concurrent.futures: a thread pool mapping work, futures, exceptions, and a lock.
import threading
from concurrent.futures import ThreadPoolExecutor, as_completed

lock = threading.Lock()
total = 0


def work(n):
    global total
    if n == 3:
        raise ValueError(f"bad item {n}")
    with lock:
        total += n
    return n * n


with ThreadPoolExecutor(max_workers=4) as ex:
    print(list(ex.map(work, [1, 2, 4])))
    futs = {ex.submit(work, n): n for n in range(5)}
    ok, failed = {}, {}
    for f in as_completed(futs):
        n = futs[f]
        try:
            ok[n] = f.result()
        except ValueError as e:
            failed[n] = str(e)
print(dict(sorted(ok.items())), failed, total)
t = threading.Thread(target=work, args=(10,))
t.start()
t.join()
print(total, threading.active_count() >= 1)
