"""kitsh mcp driven by the official MCP Python SDK over stdio (a client no one here wrote).

Run after `cargo build -p kitsh-cli`: `pytest crates/kitsh-mcp/tests` (KITSH_BIN overrides
the binary's path).
"""

from __future__ import annotations

import asyncio
import os
import pathlib
import time

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = pathlib.Path(__file__).resolve().parents[3]
KITSH = os.environ.get("KITSH_BIN", str(ROOT / "target" / "debug" / "kitsh"))
KIT = str(ROOT / "examples" / "kit")


async def session_run(fn, *extra: str):
    params = StdioServerParameters(command=KITSH, args=["--kit", KIT, "mcp", *extra])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as s:
            await s.initialize()
            return await fn(s)


def run(fn, *extra: str):
    return anyio.run(lambda: session_run(fn, *extra))


def texts(result) -> list[str]:
    return [c.text for c in result.content]


def test_lists_bash_and_kit_tools():
    async def go(s):
        return await s.list_tools()

    tools = run(go).tools
    names = [t.name for t in tools]
    assert names == ["bash", "kit"]
    bash = tools[0]
    assert bash.description.startswith("# Bash Tool")
    assert bash.input_schema["required"] == ["commands"]
    assert "net.url_info" in tools[1].description
    each = [t.name for t in run(go, "--expose-each").tools]
    assert each == ["bash", "kit", "data.summarize", "net.url_info", "text.shout", "text.wordcount"]
    compact = [t.name for t in run(go, "--compact").tools]
    assert compact == ["bash", "kit", "kit_discover"]


def test_bash_keeps_state_between_calls():
    async def go(s):
        a = await s.call_tool("bash", {"commands": "x=41; echo hi > /tmp/f; echo $((x + 1))"})
        b = await s.call_tool("bash", {"commands": "cat /tmp/f; echo $x; ls /nope"})
        return a, b

    a, b = run(go)
    assert texts(a) == ["42\n"] and not a.is_error
    assert a.structured_content == {"stdout": "42\n", "stderr": "", "exit_code": 0}
    assert texts(b) == ["hi\n41\n", "stderr:\nls: cannot access '/nope': No such file or directory\n", "exit_code: 2"]
    assert b.is_error


def test_each_call_starts_with_its_own_descriptors():
    # SES-12b: `exec >FILE` or `exec 2>&1` lasts for its own call; `exec 3>FILE` closes with it.
    async def go(s):
        a = await s.call_tool("bash", {"commands": "exec >/tmp/log 2>&1 3>/tmp/three; echo hidden; echo a >&3"})
        b = await s.call_tool("bash", {"commands": "echo shown; cat /tmp/log /tmp/three; echo b >&3"})
        return a, b

    a, b = run(go)
    assert a.structured_content == {"stdout": "", "stderr": "", "exit_code": 0}
    assert b.structured_content["stdout"] == "shown\nhidden\na\n"
    assert b.structured_content["stderr"].endswith("3: Bad file descriptor\n")


def test_session_identity_options():
    # `kitsh mcp --username/--hostname/--env/--cwd`: a stable user and host for the model.
    async def go(s):
        return await s.call_tool("bash", {"commands": "whoami; hostname; echo $K; pwd"})

    r = run(go, "--username", "agent", "--hostname", "box", "--env", "K=v=1", "--cwd", "/tmp")
    assert r.structured_content == {"stdout": "agent\nbox\nv=1\n/tmp\n", "stderr": "", "exit_code": 0}


def test_kit_script_pipes_tools_through_jq():
    async def go(s):
        return await s.call_tool("kit", {"commands": 'net.url_info --url "https://x.example/a?b=1" | jq -r .host; text.shout --message ok'})

    r = run(go)
    assert texts(r) == ["x.example\nOK\n"] and not r.is_error


def test_expose_each_calls_a_tool_directly():
    async def go(s):
        ok = await s.call_tool("text.wordcount", {"text": "b a b", "top": 1})
        bad = await s.call_tool("text.wordcount", {"top": 1})
        return ok, bad

    ok, bad = run(go, "--expose-each")
    assert texts(ok) == ['{"lines":["2 b"]}'] and not ok.is_error
    assert bad.is_error and texts(bad) == ["text.wordcount: invalid input: missing required field 'text' (string)"]


def test_invalid_arguments_and_limits_are_error_results():
    async def go(s):
        a = await s.call_tool("bash", {"commands": 5})
        b = await s.call_tool("bash", {"commands": "while true; do :; done", "timeout_ms": 200})
        c = await s.call_tool("bash", {"commands": "echo still serving"})
        return a, b, c

    a, b, c = run(go)
    assert a.is_error and texts(a) == ['invalid arguments: "commands" must be a string']
    assert b.is_error and b.structured_content["error"] == "timeout"
    assert texts(c) == ["still serving\n"]


def test_unknown_tool_is_a_protocol_error_and_the_server_keeps_serving():
    async def go(s):
        try:
            r = await s.call_tool("nope", {"commands": "echo"})
            first = ("result", r.is_error)
        except Exception as e:  # the SDK raises on JSON-RPC errors
            first = ("error", str(e))
        second = await s.call_tool("bash", {"commands": "echo ok"})
        return first, second

    first, second = run(go)
    assert first[0] == "error" or first == ("result", True)
    assert texts(second) == ["ok\n"]


def test_progress_notifications():
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress, total, message):
        seen.append((progress, total, message))

    async def go(s):
        return await s.call_tool("bash", {"commands": "echo p"}, progress_callback=on_progress)

    r = run(go)
    assert texts(r) == ["p\n"]
    phases = [m for (_, _, m) in seen]
    assert phases[0] == "validate" and phases[-1] == "complete", seen
    assert all(t == 100 for (_, t, _) in seen)


def test_a_cancelled_call_stops_its_script():
    async def go(s):
        started = time.monotonic()
        with anyio.move_on_after(0.5):
            await s.call_tool("bash", {"commands": "sleep 20; echo never"})
        cancelled_after = time.monotonic() - started
        after = await s.call_tool("bash", {"commands": "echo next"})
        return cancelled_after, after, time.monotonic() - started

    cancelled_after, after, total = run(go)
    assert cancelled_after < 2
    assert texts(after) == ["next\n"]
    assert total < 10, "the cancelled script kept the session busy"
