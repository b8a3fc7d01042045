"""`kitsh mcp --http`: the Streamable HTTP transport driven by the official MCP Python SDK, the
bearer token and body limits, and URL servers imported from a kitsh.toml.

Run after `cargo build -p kitsh-cli`: `pytest crates/kitsh-mcp/tests` (KITSH_BIN overrides
the binary's path).
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import socket
import subprocess
import sys
import time

import anyio
import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

ROOT = pathlib.Path(__file__).resolve().parents[3]
KITSH = os.environ.get("KITSH_BIN", str(ROOT / "target" / "debug" / "kitsh"))
KIT = str(ROOT / "examples" / "kit")
DEMO = pathlib.Path(__file__).with_name("demo_server.py")


@contextlib.contextmanager
def kitsh_http(*extra: str, env: dict | None = None):
    """Start `kitsh mcp --http 127.0.0.1:0 ...`; yield its endpoint URL."""
    p = subprocess.Popen([KITSH, "--kit", KIT, "mcp", "--http", "127.0.0.1:0", *extra], stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = p.stderr.readline() if p.stderr else ""
        assert "serving on http://" in line, line
        yield line.split("serving on ", 1)[1].strip()
    finally:
        p.kill()
        p.wait(10)


def session_run(url: str, fn, headers: dict | None = None):
    async def go():
        async with httpx2.AsyncClient(headers=headers or {}, timeout=60) as http:
            async with streamable_http_client(url, http_client=http) as (read, write):
                async with ClientSession(read, write) as s:
                    await s.initialize()
                    return await fn(s)

    return anyio.run(go)


def texts(result) -> list[str]:
    return [c.text for c in result.content]


def test_tools_state_kit_progress_and_limits_over_http():
    seen: list[str | None] = []

    async def on_progress(progress, total, message):
        seen.append(message)

    async def go(s):
        names = [t.name for t in (await s.list_tools()).tools]
        a = await s.call_tool("bash", {"commands": "x=41; echo $((x + 1))"})
        b = await s.call_tool("bash", {"commands": "echo $x"}, progress_callback=on_progress)
        k = await s.call_tool("kit", {"commands": "text.shout --message ok"})
        lim = await s.call_tool("bash", {"commands": "while true; do :; done", "timeout_ms": 200})
        after = await s.call_tool("bash", {"commands": "echo still serving"})
        return names, a, b, k, lim, after

    with kitsh_http() as url:
        names, a, b, k, lim, after = session_run(url, go)
    assert names == ["bash", "kit"]
    assert texts(a) == ["42\n"] and texts(b) == ["41\n"]
    assert texts(k) == ["OK\n"] and not k.is_error
    assert lim.is_error and lim.structured_content["error"] == "timeout"
    assert texts(after) == ["still serving\n"]
    assert seen and seen[0] == "validate" and seen[-1] == "complete", seen


def test_each_session_has_its_own_bash():
    async def set_x(s):
        return await s.call_tool("bash", {"commands": "x=1; echo set"})

    async def get_x(s):
        return await s.call_tool("bash", {"commands": "echo \"[${x-unset}]\""})

    with kitsh_http() as url:
        assert texts(session_run(url, set_x)) == ["set\n"]
        assert texts(session_run(url, get_x)) == ["[unset]\n"]


def test_a_cancelled_call_stops_its_script():
    async def go(s):
        started = time.monotonic()
        with anyio.move_on_after(0.5):
            await s.call_tool("bash", {"commands": "sleep 20; echo never"})
        after = await s.call_tool("bash", {"commands": "echo next"})
        return after, time.monotonic() - started

    with kitsh_http() as url:
        after, total = session_run(url, go)
    assert texts(after) == ["next\n"]
    assert total < 10, "the cancelled script kept the session busy"


def test_the_bearer_token_is_required_when_set(tmp_path):
    token = tmp_path / "token"
    token.write_text("s3cret-token\n")
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    hdrs = {"Accept": "application/json, text/event-stream"}

    async def echo(s):
        return await s.call_tool("bash", {"commands": "echo authorised"})

    with kitsh_http("--token-file", str(token)) as url:
        none = httpx2.post(url, json=init, headers=hdrs, timeout=30)
        wrong = httpx2.post(url, json=init, headers={**hdrs, "Authorization": "Bearer nope"}, timeout=30)
        assert (none.status_code, wrong.status_code) == (401, 401)
        assert none.headers["www-authenticate"] == "Bearer"
        r = session_run(url, echo, headers={"Authorization": "Bearer s3cret-token"})
        assert texts(r) == ["authorised\n"]
    env = {**os.environ, "KITSH_MCP_TOKEN": "from-env"}
    with kitsh_http(env=env) as url:
        assert httpx2.post(url, json=init, headers=hdrs, timeout=30).status_code == 401
        assert texts(session_run(url, echo, headers={"Authorization": "Bearer from-env"})) == ["authorised\n"]


def test_off_loopback_without_a_token_refuses_to_start():
    env = {k: v for k, v in os.environ.items() if k != "KITSH_MCP_TOKEN"}
    p = subprocess.run([KITSH, "--kit", KIT, "mcp", "--http", "0.0.0.0:0"], capture_output=True, text=True, timeout=60, env=env)
    assert p.returncode == 2
    assert "not a loopback address, so a bearer token is required" in p.stderr
    bad = subprocess.run([KITSH, "--kit", KIT, "mcp", "--http", "localhost"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "expected IP:PORT" in bad.stderr


def test_oversized_bodies_and_other_paths_are_refused_and_the_server_keeps_serving():
    async def echo(s):
        return await s.call_tool("bash", {"commands": "echo ok"})

    with kitsh_http() as url:
        big = httpx2.post(url, content=b"x" * (65 << 20), headers={"Content-Type": "application/json"}, timeout=60)
        assert big.status_code == 413
        other = httpx2.get(url.replace("/mcp", "/other"), timeout=30)
        assert other.status_code == 404
        junk = httpx2.post(url, content=b"{not json", headers={"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}, timeout=30)
        assert 400 <= junk.status_code < 500
        assert texts(session_run(url, echo)) == ["ok\n"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def demo_http():
    port = free_port()
    p = subprocess.Popen([sys.executable, str(DEMO), "--http", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        p.kill()
        p.wait(10)


def test_url_servers_from_kitsh_toml(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "KITSH_KIT"}
    env["HOME"] = "/nonexistent-home"
    with demo_http() as url:
        cfg = tmp_path / "kitsh.toml"
        cfg.write_text(f'[mcp_servers.web]\nurl = "{url}"\n[mcp_servers.web.headers]\nX-Test = "1"\n\n[mcp_servers.local]\ncommand = "{sys.executable}"\nargs = ["{DEMO}"]\n')
        script = 'web.get_city --name Paris | jq -c "{name, population}" | local.format_line | jq -r .result; web.broken; echo status=$?'
        p = subprocess.run([KITSH, "run", "--config", str(cfg), "-c", script], capture_output=True, text=True, timeout=120, env=env)
        assert p.stdout == "Paris has 2,102,650 inhabitants\nstatus=1\n", p.stderr
        mcp_json = tmp_path / "mcp.json"
        mcp_json.write_text('{"mcpServers": {"web": {"url": "%s"}}}' % url)
        p = subprocess.run([KITSH, "run", "--mcp-config", str(mcp_json), "-c", "web.get_city --name Oslo | jq -r .country"], capture_output=True, text=True, timeout=120, env=env)
        assert (p.stdout, p.returncode) == ("NO\n", 0), p.stderr
    down = subprocess.run([KITSH, "run", "--mcp-config", str(mcp_json), "-c", "echo still runs"], capture_output=True, text=True, timeout=120, env=env)
    assert down.stdout == "still runs\n"
    assert "MCP server 'web'" in down.stderr and "did not initialize" in down.stderr, down.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text("[mcp_servers.x]\nurl = 3\n")
    p = subprocess.run([KITSH, "run", "--config", str(bad), "-c", "true"], capture_output=True, text=True, timeout=60, env=env)
    assert p.returncode == 2 and "invalid kitsh.toml: mcp_servers.x" in p.stderr
