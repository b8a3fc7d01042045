"""`--mcp-server NAME=CMD`: another MCP server's tools as commands NAME.TOOL, from `kitsh run`
and through `kitsh mcp` (the official Python SDK as the client and as the imported server)."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = pathlib.Path(__file__).resolve().parents[3]
KITSH = os.environ.get("KITSH_BIN", str(ROOT / "target" / "debug" / "kitsh"))
DEMO = f"demo={sys.executable} {pathlib.Path(__file__).with_name('demo_server.py')}"


def run(script: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "KITSH_KIT"}
    env["HOME"] = "/nonexistent-home"
    return subprocess.run([KITSH, "run", "--mcp-server", DEMO, "-c", script], capture_output=True, text=True, timeout=120, env=env)


def test_tools_chain_through_jq():
    p = run(
        'city=$(demo.get_city --name Paris)\n'
        'demo.format_line --name "$(jq -r .name <<< "$city")" --population "$(jq .population <<< "$city")" | jq -r .result\n'
        'echo "$city" | jq -c "{name, population}" | demo.format_line | jq -r .result\n'
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout == "Paris has 2,102,650 inhabitants\nParis has 2,102,650 inhabitants\n"


def test_help_shows_the_mapping_and_flags_are_typed():
    p = run("help --list; demo.format_line --name x --population many; echo status=$?")
    assert "demo.format_line" in p.stdout and "tool 'format line'" in p.stdout, p.stdout
    assert "demo.format_line: invalid value for --population: expected integer, got 'many'" in p.stderr
    assert "status=2" in p.stdout


def test_errors_and_a_crash_then_the_next_call_works():
    p = run("demo.broken; echo status=$?; demo.crash; echo status=$?; demo.get_city --name Oslo | jq -r .country")
    assert p.stdout.splitlines() == ["status=1", "status=125", "NO"], (p.stdout, p.stderr)
    assert "upstream secret" in p.stderr  # kitsh run shows tool errors (not sanitised)


def test_imported_tools_through_kitsh_mcp():
    async def go():
        env = {k: v for k, v in os.environ.items() if k != "KITSH_KIT"}
        env["HOME"] = "/nonexistent-home"  # the default kit folder is missing: an empty kit
        params = StdioServerParameters(command=KITSH, args=["mcp", "--mcp-server", DEMO], env=env)
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as s:
                await s.initialize()
                names = [t.name for t in (await s.list_tools()).tools]
                r = await s.call_tool("kit", {"commands": "demo.get_city --name Lyon | jq .population; demo.broken"})
                return names, r

    names, r = anyio.run(go)
    assert names == ["bash", "kit"]
    assert r.content[0].text == "522250\n"
    assert r.content[1].text == "stderr:\ndemo.broken: tool failed\n"


def test_servers_from_an_mcp_client_config(tmp_path):
    cfg = tmp_path / "mcp.json"
    cfg.write_text(json.dumps({"mcpServers": {"cities": {"command": sys.executable, "args": [str(pathlib.Path(__file__).with_name("demo_server.py"))], "env": {"X": "1"}}}}))
    env = {k: v for k, v in os.environ.items() if k != "KITSH_KIT"}
    env["HOME"] = "/nonexistent-home"
    p = subprocess.run([KITSH, "run", "--mcp-config", str(cfg), "-c", "cities.get_city --name Oslo | jq -r .country"], capture_output=True, text=True, timeout=120, env=env)
    assert (p.stdout, p.returncode) == ("NO\n", 0), p.stderr


def test_imported_tools_from_lua(tmp_path):
    script = tmp_path / "t.lua"
    script.write_text(
        'local c = kit.demo.get_city{name = "Lyon"}\n'
        'print(c.country, math.type(c.population))\n'
        'print(kit.demo.format_line{name = c.name, population = c.population}.result)\n'
        'print(pcall(function() return kit.demo.broken{} end))\n'
        'print(bash("demo.get_city --name Oslo | jq -r .country").stdout)\n'
    )
    env = {k: v for k, v in os.environ.items() if k != "KITSH_KIT"}
    env["HOME"] = "/nonexistent-home"
    p = subprocess.run([KITSH, "run", "--mcp-server", DEMO, str(script)], capture_output=True, text=True, timeout=120, env=env)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == "FR\tinteger"
    assert lines[1] == "Lyon has 522,250 inhabitants"
    assert lines[2].startswith("false\tdemo.broken: Error executing tool broken")
    assert lines[3] == "NO"
