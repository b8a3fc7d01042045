"""Bad input to `kitsh mcp` over raw stdio: malformed JSON-RPC, an unknown method, wrong
argument types, a 50 MB argument, a client that disconnects mid-call. Each gets an error (or
an error result) and the server keeps serving."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parents[3]
KITSH = os.environ.get("KITSH_BIN", str(ROOT / "target" / "debug" / "kitsh"))
KIT = str(ROOT / "examples" / "kit")


class Raw:
    """A line-by-line JSON-RPC client of `kitsh mcp`."""

    def __init__(self) -> None:
        self.p = subprocess.Popen([KITSH, "--kit", KIT, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.id = 0
        init = self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}})
        assert "result" in init, init
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, obj) -> None:
        data = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
        assert self.p.stdin
        self.p.stdin.write(data + b"\n")
        self.p.stdin.flush()

    def read(self) -> dict:
        assert self.p.stdout
        while True:
            line = self.p.stdout.readline()
            assert line, "the server closed its output"
            msg = json.loads(line)
            if "id" in msg:
                return msg

    def request(self, method: str, params: dict) -> dict:
        self.id += 1
        self.send({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params})
        return self.read()

    def bash(self, commands) -> dict:
        return self.request("tools/call", {"name": "bash", "arguments": {"commands": commands}})

    def close(self) -> None:
        if self.p.stdin:
            self.p.stdin.close()
        self.p.wait(timeout=30)


def test_malformed_json_and_unknown_methods_keep_the_server_alive():
    c = Raw()
    c.send(b"{not json")
    c.send(b'{"jsonrpc":"2.0","id":99,"method":"no/such","params":{}}')
    err = c.read()
    assert err["id"] == 99 and "error" in err
    r = c.bash("echo alive")
    assert r["result"]["content"][0]["text"] == "alive\n"
    c.close()


def test_wrong_argument_types_are_error_results():
    c = Raw()
    r = c.bash(["not", "a", "string"])
    assert r["result"]["isError"] is True
    assert r["result"]["content"][0]["text"] == 'invalid arguments: "commands" must be a string'
    r = c.request("tools/call", {"name": "bash", "arguments": {"commands": "echo x", "timeout_ms": "soon"}})
    assert r["result"]["isError"] is True
    r = c.request("tools/call", {"name": "kit", "arguments": {"commands": "text.wordcount --top x"}})
    assert r["result"]["isError"] is True and "expected integer" in json.dumps(r)
    c.close()


def test_a_50_mb_argument_is_refused_without_a_crash():
    c = Raw()
    r = c.bash("echo " + "x" * (50 << 20))
    assert r["result"]["isError"] is True
    assert r["result"]["structuredContent"]["error"] == "resource_limit"
    assert c.bash("echo ok")["result"]["content"][0]["text"] == "ok\n"
    c.close()


def test_a_client_that_disconnects_mid_call():
    c = Raw()
    c.id += 1
    c.send({"jsonrpc": "2.0", "id": c.id, "method": "tools/call", "params": {"name": "bash", "arguments": {"commands": "sleep 30"}}})
    time.sleep(0.3)
    started = time.monotonic()
    assert c.p.stdin
    c.p.stdin.close()
    c.p.wait(timeout=20)
    assert time.monotonic() - started < 15, "the server did not stop when its client left"
