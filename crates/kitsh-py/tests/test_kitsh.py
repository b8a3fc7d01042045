"""pytest tests of the kitsh Python package."""

import asyncio
import json
import time

import kitsh
from kitsh import Bash, BashTool


def test_sync_execute_and_state():
    b = Bash(username="agent", env={"GREETING": "hi"})
    r = b.execute("x=5; echo $GREETING $(whoami) $HOME")
    assert (r.stdout, r.stderr, r.exit_code, r.error) == ("hi agent /home/agent\n", "", 0, None)
    assert not r.stdout_truncated and not r.stderr_truncated
    assert b.execute("echo $x").stdout == "5\n"
    b.reset()
    assert b.execute('echo "[$x]"').stdout == "[]\n"


def test_each_call_starts_with_its_own_descriptors():
    # SES-12b: `exec >FILE` lasts for its own call only.
    b = Bash()
    r = b.execute("exec >/tmp/log 2>&1; echo hidden; echo err >&2")
    assert (r.stdout, r.stderr) == ("", "")
    r = b.execute("echo shown; cat /tmp/log")
    assert r.stdout == "shown\nhidden\nerr\n"


def test_snapshot_restore_and_fork():
    b = Bash(username="agent")
    b.execute("mkdir -p /tmp/w && cd /tmp/w && echo draft > notes; n=1; f() { echo \"f $1\"; }")
    data = b.snapshot()
    assert isinstance(data, bytes) and data.startswith(b"KITSH-SNAPSHOT")
    c = Bash.restore(data, username="agent")
    assert c.execute("f $n; cat notes; pwd").stdout == "f 1\ndraft\n/tmp/w\n"
    d = c.fork()
    d.execute("echo more >> notes; n=2")
    assert c.execute("cat notes; echo $n").stdout == "draft\n1\n"
    assert d.execute("cat notes; echo $n").stdout == "draft\nmore\n2\n"
    t = BashTool.restore(data)
    assert t.execute("echo $n").stdout == "1\n" and isinstance(t, BashTool) and t.name == BashTool().name
    for bad in (b"", b"KITSH-SNAPSHOT", data[:-1], data[:40] + b"x" + data[41:]):
        try:
            Bash.restore(bad)
            raise AssertionError("expected SnapshotError")
        except kitsh.SnapshotError as e:
            assert str(e).startswith("snapshot is corrupt: "), str(e)
    try:
        Bash.restore(data, limits={"max_fs_files": 1})
        raise AssertionError("expected SnapshotError")
    except kitsh.SnapshotError as e:
        assert str(e).startswith("snapshot exceeds max_fs_files ("), str(e)


def test_session_store_keeps_history(tmp_path):
    url = f"sqlite:{tmp_path / 's.db'}"
    store = kitsh.SessionStore(url)
    b = store.load("conv", username="agent")
    b.execute("cd /tmp && echo one > notes; n=1")
    first = store.commit(b, label="first")
    b.execute("echo two >> notes; n=2")
    second = store.commit(b, label="second")
    assert store.commit(b) == second  # nothing changed: same head
    # Another process (here: another store object) sees it.
    other = kitsh.SessionStore(url)
    c = other.load("conv", username="agent")
    assert c.execute("cat notes; echo $n $(whoami); pwd").stdout == "one\ntwo\n2 agent\n/tmp\n"
    assert [e["label"] for e in other.log("conv")] == ["second", "first"]
    assert other.diff(first, second) == ["M file /tmp/notes", "M variable n"]
    other.fork("conv", "branch", first[:8])
    assert other.load("branch").execute("echo $n").stdout == "1\n"
    other.checkout("conv", first)
    assert sorted(n for n, _ in other.sessions()) == ["branch", "conv"]
    # b was loaded at `second`; the head moved: its commit loses.
    b.execute("n=3")
    try:
        store.commit(b)
        raise AssertionError("expected SessionConflict")
    except kitsh.SessionConflict as e:
        assert str(e) == "session 'conv' was changed by another writer"
    other.remove("branch")
    deleted, kept = other.gc()
    assert kept > 0
    for bad, msg in (("log", "no session named 'nope'"),):
        try:
            getattr(other, bad)("nope")
            raise AssertionError("expected SessionError")
        except kitsh.SessionError as e:
            assert str(e) == msg
    try:
        kitsh.SessionStore("ftp://x")
        raise AssertionError("expected SessionError")
    except kitsh.SessionError as e:
        assert str(e) == "unknown session store 'ftp' (expected sqlite:, postgres://, memory:)"


def test_concurrent_calls_are_queued():
    import threading

    b = Bash()
    out = {}

    def call(key, script, timeout_ms=None):
        out[key] = b.execute(script, timeout_ms)

    # Two threads at once: both run, one after the other (no "Already borrowed").
    t1 = threading.Thread(target=call, args=("a", "sleep 0.3; echo a >> /tmp/order"))
    t1.start()
    time.sleep(0.05)
    t2 = threading.Thread(target=call, args=("b", "echo b >> /tmp/order"))
    t2.start()
    # read_file during a call waits for it.
    assert b.read_file("/tmp/order") in (b"a\n", b"a\nb\n")
    t1.join()
    t2.join()
    assert (out["a"].exit_code, out["b"].exit_code) == (0, 0)
    assert b.read_file("/tmp/order") == b"a\nb\n"

    # The wait in the queue counts against the call's timeout: it times out without running.
    t1 = threading.Thread(target=call, args=("slow", "sleep 0.6"))
    t1.start()
    time.sleep(0.05)
    r = b.execute("touch /tmp/ran", timeout_ms=200)
    assert (r.exit_code, r.error) == (124, "timeout")
    t1.join()
    assert b.execute("test -e /tmp/ran; echo $?").stdout == "1\n"

    # reset() waits for the running call.
    t1 = threading.Thread(target=call, args=("x", "sleep 0.3; x=1"))
    t1.start()
    time.sleep(0.05)
    b.reset()
    t1.join()
    assert b.execute('echo "${x:-unset}"').stdout == "unset\n"


def test_asyncio_calls_on_one_object_are_queued_and_cancellable():
    async def main():
        b = Bash()
        r1, r2 = await asyncio.gather(b.execute_async("sleep 0.2; echo one"), b.execute_async("echo two"))
        assert (r1.stdout, r2.stdout) == ("one\n", "two\n")
        slow = asyncio.ensure_future(b.execute_async("sleep 0.4; echo slow"))
        await asyncio.sleep(0.05)
        queued = asyncio.ensure_future(b.execute_async("touch /tmp/never"))
        await asyncio.sleep(0.05)
        queued.cancel()
        try:
            await queued
            raise AssertionError("expected CancelledError")
        except asyncio.CancelledError:
            pass
        assert (await slow).stdout == "slow\n"
        await asyncio.sleep(0.1)
        assert b.execute("test -e /tmp/never; echo $?").stdout == "1\n"
        # A running call stops when its task is cancelled.
        running = asyncio.ensure_future(b.execute_async("sleep 5; touch /tmp/late"))
        await asyncio.sleep(0.2)
        t = time.time()
        running.cancel()
        try:
            await running
            raise AssertionError("expected CancelledError")
        except asyncio.CancelledError:
            pass
        assert b.execute("test -e /tmp/late; echo $?").stdout == "1\n"
        assert time.time() - t < 2

    asyncio.run(main())


def test_files_in_and_out():
    b = Bash(files={"/data/in.txt": "b\na\n", "/data/raw.bin": b"\x00\x01"})
    assert b.execute("sort /data/in.txt > /data/out.txt; wc -c < /data/raw.bin").stdout == "2\n"
    assert b.read_file("/data/out.txt") == b"a\nb\n"
    b.write_file("/tmp/new", "text")
    assert b.execute("cat /tmp/new").stdout == "text"
    try:
        b.read_file("/nope")
        raise AssertionError("expected OSError")
    except OSError:
        pass


def test_bad_script_and_limits():
    r = Bash().execute("echo a; fi")
    assert (r.exit_code, r.error, r.stdout) == (2, "parse_error", "")
    assert "syntax error" in r.stderr
    r = Bash(limits={"max_commands": 3}).execute("echo 1; echo 2; echo 3; echo 4")
    assert (r.stdout, r.exit_code, r.error) == ("1\n2\n3\n", 1, "resource_limit")
    assert r.stderr.endswith("kitsh: maximum command count exceeded (3)\n")
    r = Bash(limits={"max_output_bytes": 4}).execute("echo 123456789")
    assert r.stdout == "1234" and r.stdout_truncated
    r = Bash().execute("echo a; sleep 5", timeout_ms=100)
    assert (r.stdout, r.exit_code, r.error) == ("a\n", 124, "timeout")
    try:
        Bash(limits={"no_such_limit": 1})
        raise AssertionError("expected ValueError")
    except ValueError:
        pass


def test_memory_limit_binds_in_the_extension():
    """The extension's allocator meters `python3` and jq: a growing script stops at
    `max_heap_bytes` with the limit's message, and this (host) Python process lives on."""
    limit = 64 << 20
    b = Bash(limits={"max_heap_bytes": limit})
    grow = "python3 -c '\nl = []\nwhile True:\n    l.append(\"x\" * 10000)\n'; echo never"
    r = b.execute(grow)
    assert r.error == "resource_limit", r
    assert r.stderr.endswith(f"maximum memory exceeded ({limit} bytes)\n"), r.stderr
    assert "never" not in r.stdout
    r = b.execute("""jq -n '[range(900000) | "abcdefgh" * 64] | length'; echo never""")
    assert r.error == "resource_limit", r
    assert r.stderr.endswith(f"maximum memory exceeded ({limit} bytes)\n"), r.stderr
    # Small work is untouched, in the same session and in this process.
    r = b.execute("python3 -c 'print(sum(range(1000)))'; jq -n '[range(1000)] | add'")
    assert (r.stdout, r.exit_code) == ("499500\n499500\n", 0), r
    assert sum(len("x" * 1000) for _ in range(1000)) == 1000000


def test_registered_python_command():
    b = Bash()
    b.register_command("upper", lambda args, stdin: stdin.upper() + " ".join(args))
    r = b.execute("echo hello | upper X Y")
    assert (r.stdout, r.exit_code) == ("HELLO\nX Y", 0)

    def boom(args, stdin):
        raise KeyError("missing")

    b.register_command("boom", boom)
    r = b.execute("boom; echo status $?")
    assert r.stdout == "status 1\n"
    assert r.stderr == "boom: KeyError: 'missing'\n"


def test_asyncio_runs_alongside_other_tasks():
    async def main():
        b1, b2 = Bash(), Bash()
        ticks = 0

        async def ticker():
            nonlocal ticks
            for _ in range(5):
                await asyncio.sleep(0.02)
                ticks += 1

        start = time.monotonic()
        r1, r2, _ = await asyncio.gather(b1.execute_async("sleep 0.3; echo one"), b2.execute_async("sleep 0.3; echo two"), ticker())
        assert (r1.stdout, r2.stdout, ticks) == ("one\n", "two\n", 5)
        assert time.monotonic() - start < 0.55, "the two scripts ran at the same time"

    asyncio.run(main())


def test_bash_tool_texts():
    t = BashTool(username="agent", env={"API_KEY": "secret-value"})
    assert t.name == "kitsh"
    assert t.version == kitsh.__version__
    assert t.description().startswith("Virtual bash interpreter with virtual filesystem. Supported tools: echo cat")
    assert "Home: /home/agent\n" in t.system_prompt()
    assert "Environment: API_KEY" in t.help() and "secret-value" not in t.help()
    assert t.input_schema()["required"] == ["commands"]
    assert list(t.output_schema()["properties"]) == ["stdout", "stderr", "exit_code", "error", "stdout_truncated", "stderr_truncated"]
    r = t.execute("echo ok")
    assert json.loads(r.to_json()) == {"stdout": "ok\n", "stderr": "", "exit_code": 0}


def test_llm_sdk_round_trip_with_a_mocked_model():
    """The README snippet: the tool in the OpenAI and Anthropic shapes, one mocked turn."""
    tool = BashTool(name="bash")
    openai_tool = {"type": "function", "function": {"name": tool.name, "description": tool.system_prompt(), "parameters": tool.input_schema()}}
    anthropic_tool = {"name": tool.name, "description": tool.system_prompt(), "input_schema": tool.input_schema()}
    assert openai_tool["function"]["parameters"] == anthropic_tool["input_schema"]

    # What a model answers with (Anthropic: a tool_use block; OpenAI: tool_calls with JSON text).
    anthropic_turn = {"type": "tool_use", "id": "toolu_1", "name": "bash", "input": {"commands": "echo $((6 * 7))"}}
    openai_turn = {"id": "call_1", "type": "function", "function": {"name": "bash", "arguments": json.dumps({"commands": "echo hi", "timeout_ms": 1000})}}

    r = tool.execute(**anthropic_turn["input"])
    anthropic_reply = {"type": "tool_result", "tool_use_id": anthropic_turn["id"], "content": r.to_json(), "is_error": r.exit_code != 0}
    assert json.loads(anthropic_reply["content"])["stdout"] == "42\n"
    r = tool.execute(**json.loads(openai_turn["function"]["arguments"]))
    openai_reply = {"role": "tool", "tool_call_id": openai_turn["id"], "content": r.to_json()}
    assert json.loads(openai_reply["content"]) == {"stdout": "hi\n", "stderr": "", "exit_code": 0}


def test_python3_and_sqlite3_are_inside_the_wheel():
    b = Bash()
    r = b.execute("python3 -c 'print(1)'")
    assert (r.stdout, r.exit_code) == ("1\n", 0)
    r = b.execute("sqlite3 :memory: 'select 1'")
    assert (r.stdout, r.exit_code) == ("1\n", 0)
    # Both see the sandbox's files, not the host's.
    b.write_file("/data/n.csv", "n\n3\n4\n")
    r = b.execute("""python3 -c 'import csv; print(sum(int(r["n"]) for r in csv.DictReader(open("/data/n.csv"))))'""")
    assert r.stdout == "7\n", r.stderr
    r = b.execute("sqlite3 /data/t.db 'create table t(x); insert into t values (41); select x+1 from t'; ls /data")
    assert r.stdout == "42\nn.csv\nt.db\n", r.stderr


def test_node_is_inside_the_wheel():
    b = Bash()
    b.write_file("/data/n.json", '{"n": [3, 4]}')
    r = b.execute("""node -e 'const fs = require("fs"); console.log(JSON.parse(fs.readFileSync("/data/n.json", "utf8")).n.reduce((a, b) => a + b))'""")
    assert (r.stdout, r.exit_code) == ("7\n", 0), r.stderr
    r = b.execute("node -e 'console.log({ a: [1, 2], b: \"x\" })'")
    assert r.stdout == "{ a: [ 1, 2 ], b: 'x' }\n", r.stderr
