"""Benchmarks of `kitsh mcp --http` on a session store (issue 42's figures; not run by CI):

1. one call's round trip with no store, with `--store sqlite:...` and with `--store postgres://...`
   (a throw-away cluster on this host), one client calling one session;
2. many sessions: N stored sessions (default 10 000) in one PostgreSQL store, then M of them
   (default 1 000) active at once through HAProxy and three processes: calls/s, p50 and p99.

Run with the release binary: `cargo build --release -p kitsh-cli && KITSH_BIN=target/release/kitsh
python3 crates/kitsh-mcp/tests/bench_scale.py` (from a Python with `mcp`, `httpx2` and `pytest`
installed, as CI's target/py-venv). KITSH_BENCH_STORED, KITSH_BENCH_ACTIVE, KITSH_BENCH_CALLS and
KITSH_BENCH_CLIENTS change the sizes; KITSH_BENCH_PART=latency runs the first part only.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time

import httpx2

sys.path.insert(0, os.path.dirname(__file__))
from test_mcp_scale import Balancer, Kitsh, Postgres, raw_call, raw_session, result_text  # noqa: E402

STORED = int(os.environ.get("KITSH_BENCH_STORED", "10000"))
ACTIVE = int(os.environ.get("KITSH_BENCH_ACTIVE", "1000"))
CALLS = int(os.environ.get("KITSH_BENCH_CALLS", "5"))
CLIENTS = int(os.environ.get("KITSH_BENCH_CLIENTS", "32"))


def no_store() -> Kitsh:
    """`kitsh mcp --http` without a store (the Kitsh helper always passes one: bypass it)."""
    k = Kitsh.__new__(Kitsh)
    from test_mcp_scale import KITSH, free_port

    k.port = free_port()
    k.args = [KITSH, "mcp", "--http", f"127.0.0.1:{k.port}"]
    k.url = f"http://127.0.0.1:{k.port}/mcp"
    k.base = f"http://127.0.0.1:{k.port}"
    k.proc = None
    k.start()
    return k


def round_trips(k: Kitsh, n: int = 300) -> list[float]:
    with httpx2.Client(timeout=60) as c:
        sid = raw_session(k.url, c)
        raw_call(k.url, c, sid, "echo hi > ~/f; x=1")
        for i in range(30):
            raw_call(k.url, c, sid, f"x={i}; echo $x >> ~/f")
        times = []
        for i in range(n):
            t = time.perf_counter()
            msg = raw_call(k.url, c, sid, f"x={i}; echo $x >> ~/f")
            times.append(time.perf_counter() - t)
            assert "error" not in msg, msg
    return times


def ms(x: float) -> str:
    return f"{x * 1e3:.2f} ms"


def latency(pg: Postgres) -> None:
    print("one session, one client, a call that changes a file and a variable (300 calls):")
    base = None
    with tempfile.TemporaryDirectory() as d:
        for name, make in (
            ("no store", no_store),
            ("--store sqlite:FILE", lambda: Kitsh(f"sqlite:{d}/s.db")),
            ("--store postgres://127.0.0.1", lambda: Kitsh(pg.url)),
        ):
            k = make()
            try:
                t = round_trips(k)
            finally:
                k.close()
            med = statistics.median(t)
            p99 = sorted(t)[int(len(t) * 0.99)]
            extra = "" if base is None else f"  (+{ms(med - base)})"
            base = med if base is None else base
            print(f"  {name:<30} median {ms(med)}  p99 {ms(p99)}{extra}")


def many(pg: Postgres) -> None:
    procs = [Kitsh(pg.url, "--idle-timeout", "15") for _ in range(3)]
    lb = Balancer(procs)
    try:
        print(f"{STORED} sessions stored (one call each), {ACTIVE} of them active through HAProxy + 3 processes:")
        sids: list[str] = []
        lock = threading.Lock()

        def create(count: int) -> None:
            with httpx2.Client(timeout=60) as c:
                for _ in range(count):
                    sid = raw_session(lb.url, c)
                    raw_call(lb.url, c, sid, "echo created > ~/f; n=0")
                    with lock:
                        sids.append(sid)

        t = time.perf_counter()
        threads = [threading.Thread(target=create, args=(STORED // 8,)) for _ in range(8)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        print(f"  created {len(sids)} sessions in {time.perf_counter() - t:.1f} s")
        active = sids[:ACTIVE]
        times: list[float] = []

        def work(mine: list[str]) -> None:
            with httpx2.Client(timeout=60) as c:
                for _ in range(CALLS):
                    for sid in mine:
                        t0 = time.perf_counter()
                        msg = raw_call(lb.url, c, sid, "n=$((n + 1)); echo $n >> ~/f; tail -1 ~/f")
                        dt = time.perf_counter() - t0
                        assert not msg["result"].get("isError"), msg
                        with lock:
                            times.append(dt)

        share = [active[i::CLIENTS] for i in range(CLIENTS)]
        t = time.perf_counter()
        threads = [threading.Thread(target=work, args=(s,)) for s in share]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        wall = time.perf_counter() - t
        times.sort()
        print(
            f"  {len(times)} calls by {CLIENTS} clients in {wall:.1f} s: {len(times) / wall:.0f} calls/s, "
            f"p50 {ms(times[len(times) // 2])}, p99 {ms(times[int(len(times) * 0.99)])}"
        )
        with httpx2.Client(timeout=60) as c:
            assert result_text(raw_call(lb.url, c, active[0], "tail -1 ~/f")) == f"{CALLS}\n"
        print(f"  RSS of the three processes: {', '.join(f'{k.rss_kb() / 1024:.0f} MiB' for k in procs)}")
        time.sleep(20)
        print(f"  and 20 s later (--idle-timeout 15): {', '.join(f'{k.rss_kb() / 1024:.0f} MiB' for k in procs)}")
    finally:
        lb.close()
        for k in procs:
            k.close()


if __name__ == "__main__":
    pg = Postgres()
    try:
        latency(pg)
        if os.environ.get("KITSH_BENCH_PART") != "latency":
            many(pg)
    finally:
        pg.close()
