"""Scale-out, for real (issue 42, point 5; sessions.md SES-12): a throw-away PostgreSQL cluster,
three `kitsh mcp --http --store postgres://...` processes and HAProxy in front of them (round
robin, no stickiness, health checks on /readyz, `option redispatch`, `retry-on conn-failure`),
driven by MCP's JSON-RPC over HTTP, as a client sends it.

- many concurrent sessions making calls while one kitsh process is killed (SIGKILL) and started
  again: every session's files hold what its committed calls wrote, the only errors are calls
  that were running in the killed process, no session sees another's data;
- PostgreSQL stopped mid-run: calls fail with a clear error, /readyz says not ready, and both
  recover once it is back;
- two clients calling one session at once through different processes: both calls applied, one
  after the other, both in the session's log;
- a process's memory after thousands of committed sessions stays within its bounded cache.

Sizes (CI keeps them modest; larger runs are benchmarks): KITSH_SCALE_SESSIONS (100),
KITSH_SCALE_CALLS (20), KITSH_SCALE_RSS_SESSIONS (10000). Needs PostgreSQL's server programs and
haproxy (`.ci/run` installs both); without them the tests fail, saying so.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import pathlib
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

import anyio
import httpx2
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
KITSH = os.environ.get("KITSH_BIN", str(ROOT / "target" / "debug" / "kitsh"))
SESSIONS = int(os.environ.get("KITSH_SCALE_SESSIONS", "100"))
CALLS = int(os.environ.get("KITSH_SCALE_CALLS", "20"))
RSS_SESSIONS = int(os.environ.get("KITSH_SCALE_RSS_SESSIONS", "10000"))
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
PROTOCOL = "2025-06-18"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(check, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):
            if check():
                return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


class Postgres:
    """A throw-away cluster in a temp dir (initdb, pg_ctl), run as an unprivileged user when
    this is root; trust authentication on 127.0.0.1 only."""

    def __init__(self) -> None:
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
        initdb = bins[-1] if bins else shutil.which("initdb")
        if not initdb:
            raise AssertionError("PostgreSQL's server programs are not installed (apt-get install postgresql, as .ci/run does)")
        self.bin = pathlib.Path(initdb).parent
        self.dir = pathlib.Path(tempfile.mkdtemp(prefix="kitsh-scale-pg-"))
        self.user = None
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                with contextlib.suppress(KeyError):
                    self.user = pwd.getpwnam(name)
                    break
            assert self.user, "running as root, and no user postgres or nobody to run PostgreSQL as"
            os.chown(self.dir, self.user.pw_uid, self.user.pw_gid)
        self.port = free_port()
        self.run("initdb", "-D", str(self.dir / "data"), "-U", "kitsh", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
        self.start()
        self.run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "kitsh", "kitsh")
        self.url = f"postgres://kitsh@127.0.0.1:{self.port}/kitsh"

    def run(self, program: str, *args: str) -> None:
        kw = {"user": self.user.pw_uid, "group": self.user.pw_gid} if self.user else {}
        p = subprocess.run([str(self.bin / program), *args], cwd=self.dir, capture_output=True, text=True, timeout=120, **kw)
        assert p.returncode == 0, f"{program} {' '.join(args)}: {p.stdout}{p.stderr}"

    def start(self) -> None:
        opts = f"-k {self.dir} -p {self.port} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c full_page_writes=off"
        self.run("pg_ctl", "-D", str(self.dir / "data"), "-l", str(self.dir / "server.log"), "-w", "-t", "60", "-o", opts, "start")

    def stop(self) -> None:
        self.run("pg_ctl", "-D", str(self.dir / "data"), "-w", "stop", "-m", "immediate")

    def close(self) -> None:
        with contextlib.suppress(AssertionError):
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


class Kitsh:
    """One `kitsh mcp --http 127.0.0.1:PORT --store URL` process (started again on the same port)."""

    def __init__(self, store: str, *extra: str) -> None:
        self.port = free_port()
        self.args = [KITSH, "mcp", "--http", f"127.0.0.1:{self.port}", "--store", store, *extra]
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(self.args, stderr=subprocess.PIPE, text=True)
        line = self.proc.stderr.readline() if self.proc.stderr else ""
        assert "serving on http://" in line, line
        # Drain stderr so the process never blocks on a full pipe.
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()

    def kill(self) -> None:
        assert self.proc
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def rss_kb(self) -> int:
        assert self.proc
        for line in pathlib.Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS")

    def close(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


class Balancer:
    """HAProxy in front of the processes: round robin, no stickiness, /readyz health checks,
    redispatch and retries on connection failures."""

    def __init__(self, backends: list[Kitsh]) -> None:
        haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
        assert os.path.exists(haproxy), "haproxy is not installed (apt-get install haproxy, as .ci/run does)"
        self.port = free_port()
        self.dir = pathlib.Path(tempfile.mkdtemp(prefix="kitsh-scale-haproxy-"))
        servers = "\n".join(f"  server k{i} 127.0.0.1:{b.port} check inter 200ms fall 1 rise 1" for i, b in enumerate(backends))
        cfg = self.dir / "haproxy.cfg"
        cfg.write_text(
            f"""global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  timeout http-request 30s
  retries 3
  option redispatch
  retry-on conn-failure
frontend mcp
  bind 127.0.0.1:{self.port}
  default_backend kitsh
backend kitsh
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
{servers}
"""
        )
        self.proc = subprocess.Popen([haproxy, "-f", str(cfg), "-db"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        wait_for(lambda: httpx2.get(f"http://127.0.0.1:{self.port}/healthz", timeout=2).status_code == 200, "haproxy")

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="module")
def pg():
    p = Postgres()
    yield p
    p.close()


@pytest.fixture(scope="module")
def farm(pg):
    procs = [Kitsh(pg.url) for _ in range(3)]
    lb = Balancer(procs)
    yield procs, lb
    lb.close()
    for k in procs:
        k.close()


def test_many_sessions_survive_a_killed_process(farm):
    procs, lb = farm
    done = 0
    kill_at: list[float] = []
    outcomes: dict[int, dict] = {}

    # Raw JSON-RPC over HTTP, one POST a call: a connection cut by the kill fails that call only.
    # (The MCP SDK's client, 2.3 seen in CI, ends its whole session when one request's connection
    # drops; what is tested here is the server side.)
    async def session(k: int) -> None:
        nonlocal done
        ok, failed, seen = [], [], []
        async with httpx2.AsyncClient(timeout=60) as http:
            r = await http.post(lb.url, json=INIT, headers=ACCEPT)
            assert r.status_code == 200, (r.status_code, r.text)
            sid = r.headers["mcp-session-id"]
            n = await http.post(lb.url, json=INITIALIZED, headers=session_headers(sid))
            assert n.status_code == 202, n.text
            for i in range(CALLS):
                script = f'echo "s{k}-c{i}" >> ~/log; n=$((${{n:-0}} + 1)); echo "{k}:$n"; cat ~/log'
                start = time.monotonic()
                try:
                    msg = response_for(await http.post(lb.url, json=call_body(script, i + 1), headers=session_headers(sid)), i + 1)
                    if "result" not in msg or msg["result"].get("isError"):
                        failed.append((i, start, time.monotonic(), json.dumps(msg)))
                    else:
                        ok.append(i)
                        seen.append(result_text(msg))
                except Exception as e:  # a call cut short by the kill
                    failed.append((i, start, time.monotonic(), repr(e)))
                done += 1
            final = response_for(await http.post(lb.url, json=call_body("cat ~/log; echo n=$n", CALLS + 1), headers=session_headers(sid)), CALLS + 1)
        outcomes[k] = {"ok": ok, "failed": failed, "seen": seen, "final": result_text(final), "final_error": final["result"].get("isError")}

    async def killer() -> None:
        while done < SESSIONS * CALLS // 2:
            await anyio.sleep(0.01)
        kill_at.append(time.monotonic())
        procs[1].kill()
        await anyio.sleep(0.5)
        procs[1].start()

    async def main() -> None:
        async with anyio.create_task_group() as tg:
            tg.start_soon(killer)
            for k in range(SESSIONS):
                tg.start_soon(session, k)

    started = time.monotonic()
    anyio.run(main)
    elapsed = time.monotonic() - started
    assert kill_at, "the kill never happened"
    errors = 0
    for k, o in sorted(outcomes.items()):
        assert not o["final_error"], (k, o["final"])
        lines = o["final"].splitlines()
        assert lines[-1].startswith("n="), o["final"]
        log = lines[:-1]
        # No session ever shows another's data.
        for out in o["seen"]:
            assert all(line.startswith(f"s{k}-") or line.startswith(f"{k}:") for line in out.splitlines()), (k, out)
        assert all(line.startswith(f"s{k}-c") for line in log), (k, log)
        calls = [int(line.split("-c")[1]) for line in log]
        # Each call applied at most once, in order; every call that succeeded is there.
        assert calls == sorted(set(calls)), (k, calls)
        assert set(o["ok"]) <= set(calls), (k, o["ok"], calls)
        # A call that failed may have committed before its process died: it is there or not.
        failed = {f[0] for f in o["failed"]}
        assert set(calls) <= set(o["ok"]) | failed, (k, calls)
        assert lines[-1] == f"n={len(calls)}", (k, lines[-1], len(calls))
        # The only errors are calls that were running when the process was killed.
        for i, start, end, why in o["failed"]:
            assert start <= kill_at[0] + 0.5 and end >= kill_at[0], (k, i, why, start - kill_at[0], end - kill_at[0])
            errors += 1
    total = SESSIONS * CALLS
    print(f"\nscale: {SESSIONS} sessions x {CALLS} calls through haproxy + 3 kitsh + PostgreSQL: {total / elapsed:.0f} calls/s, {errors} calls cut short by the kill")
    assert errors < SESSIONS, errors


INIT = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": {"name": "scale", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def session_headers(sid: str) -> dict:
    return {**ACCEPT, "mcp-session-id": sid, "mcp-protocol-version": PROTOCOL}


def call_body(script: str, rid: int) -> dict:
    return {"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": {"name": "bash", "arguments": {"commands": script}}}


def response_for(r: httpx2.Response, rid: int) -> dict:
    """The JSON-RPC message answering request `rid` in a tools/call's response (an SSE stream)."""
    assert r.status_code == 200, (r.status_code, r.text)
    for line in r.text.splitlines():
        if line.startswith("data:") and line[5:].strip():
            msg = json.loads(line[5:])
            if msg.get("id") == rid:
                return msg
    raise AssertionError(f"no response in {r.text!r}")


def raw_session(url: str, client: httpx2.Client) -> str:
    """initialize + initialized on `url` with raw HTTP; the session id."""
    r = client.post(url, json=INIT, headers=ACCEPT)
    assert r.status_code == 200, (r.status_code, r.text)
    sid = r.headers["mcp-session-id"]
    n = client.post(url, json=INITIALIZED, headers=session_headers(sid))
    assert n.status_code == 202, n.text
    return sid


def raw_call(url: str, client: httpx2.Client, sid: str, script: str, rid: int = 1) -> dict:
    """tools/call bash on `url` in session `sid`; the JSON-RPC result (or error)."""
    return response_for(client.post(url, json=call_body(script, rid), headers=session_headers(sid)), rid)


def result_text(msg: dict) -> str:
    return "".join(c.get("text", "") for c in msg["result"]["content"])


def test_postgres_down_is_a_clear_error_and_calls_recover(pg, farm):
    procs, lb = farm
    k = procs[0]
    with httpx2.Client(timeout=60) as c:
        sid = raw_session(k.url, c)
        assert result_text(raw_call(k.url, c, sid, "echo before > ~/f; v=1; echo ok")) == "ok\n"
        pg.stop()
        try:
            assert c.get(f"{k.base}/readyz").status_code == 503
            assert c.get(f"{k.base}/healthz").status_code == 200, "alive, though not ready"
            down = raw_call(k.url, c, sid, "echo during >> ~/f")
            assert down["result"]["isError"], down
            message = result_text(down)
            assert message.startswith("kitsh: session store: "), message
            assert "the call was not run or not kept" in message, message
            # A new session cannot start without the store.
            r = c.post(k.url, json={"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}, headers=ACCEPT)
            assert r.status_code == 503 and "session store" in r.text, (r.status_code, r.text)
        finally:
            pg.start()
        wait_for(lambda: c.get(f"{k.base}/readyz").status_code == 200, "readiness after PostgreSQL is back")
        back = raw_call(k.url, c, sid, "echo after >> ~/f; cat ~/f; echo v=$v")
        assert result_text(back) == "before\nafter\nv=1\n", back
        # And through the balancer, on another process.
        wait_for(lambda: all(c.get(f"{p.base}/readyz").status_code == 200 for p in procs), "every process ready")
        assert result_text(raw_call(procs[2].url, c, sid, "cat ~/f")) == "before\nafter\n"


def test_two_clients_on_one_session_through_two_processes(pg, farm):
    procs, _ = farm
    with httpx2.Client(timeout=60) as c:
        sid = raw_session(procs[0].url, c)
        raw_call(procs[0].url, c, sid, "touch ~/log")
        results = {}

        def call(i: int) -> None:
            with httpx2.Client(timeout=60) as own:
                results[i] = raw_call(procs[1 + i].url, own, sid, f"sleep 0.3; echo client{i} >> ~/log; echo done{i}", rid=10 + i)

        threads = [threading.Thread(target=call, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert [result_text(results[i]) for i in range(2)] == ["done0\n", "done1\n"], results
        log = result_text(raw_call(procs[0].url, c, sid, "cat ~/log"))
        assert sorted(log.splitlines()) == ["client0", "client1"], log
    # The session's log (the CLI reads the same store) shows both calls.
    p = subprocess.run([KITSH, "session", "log", f"mcp-{sid}", "--store", pg.url], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    labels = [line for line in p.stdout.splitlines() if "echo client" in line]
    assert len(labels) == 2, p.stdout


def test_an_unknown_session_id_is_refused(farm):
    procs, lb = farm
    with httpx2.Client(timeout=60) as c:
        body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
        r = c.post(lb.url, json=body, headers={**ACCEPT, "mcp-session-id": "no-process-issued-this", "mcp-protocol-version": PROTOCOL})
        assert r.status_code == 404, (r.status_code, r.text)


def test_a_session_ended_through_one_process_is_ended_in_all(farm):
    procs, _ = farm
    with httpx2.Client(timeout=60) as c:
        sid = raw_session(procs[0].url, c)
        assert result_text(raw_call(procs[0].url, c, sid, "echo kept > ~/f; cat ~/f")) == "kept\n"
        r = c.delete(procs[1].url, headers={"mcp-session-id": sid, "mcp-protocol-version": PROTOCOL})
        assert r.status_code in (200, 202, 204), (r.status_code, r.text)
        # The process that served the session still holds it in memory until its idle timeout:
        # a call there is refused, and does not start an empty session under the same name.
        ended = raw_call(procs[0].url, c, sid, "cat ~/f; echo ran")
        assert ended["result"]["isError"], ended
        assert result_text(ended) == f"kitsh: session 'mcp-{sid}' has ended (its MCP session was closed); start a new MCP session", ended
        # A process that never served it does not know the id any more.
        body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
        r = c.post(procs[2].url, json=body, headers={**ACCEPT, "mcp-session-id": sid, "mcp-protocol-version": PROTOCOL})
        assert r.status_code == 404, (r.status_code, r.text)


def test_memory_stays_bounded_after_thousands_of_sessions(pg):
    k = Kitsh(pg.url, "--idle-timeout", "1", "--session-cache", "64")
    try:
        payload = "x" * 10_000

        def run(n: int) -> None:
            def worker(count: int) -> None:
                with httpx2.Client(timeout=60) as c:
                    for _ in range(count):
                        sid = raw_session(k.url, c)
                        msg = raw_call(k.url, c, sid, "printf %10000s x > ~/f; wc -c < ~/f")
                        assert result_text(msg) == "10000\n", msg

            threads = [threading.Thread(target=worker, args=(n // 4,)) for _ in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()

        run(RSS_SESSIONS // 3)
        time.sleep(2)
        mid = k.rss_kb()
        started = time.monotonic()
        run(RSS_SESSIONS - RSS_SESSIONS // 3)
        elapsed = time.monotonic() - started
        time.sleep(2)
        end = k.rss_kb()
        print(f"\nscale: RSS {mid / 1024:.1f} MiB after {RSS_SESSIONS // 3} sessions, {end / 1024:.1f} MiB after {RSS_SESSIONS}; {(RSS_SESSIONS - RSS_SESSIONS // 3) / elapsed:.0f} sessions/s")
        assert end - mid < 32 * 1024, (mid, end)
    finally:
        k.close()
