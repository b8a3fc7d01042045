"""pytest tests of kitsh.ScriptedTool and kitsh.ScriptingToolSet (issue 20 item 9)."""

import asyncio
import time
import json

import pytest

import kitsh
from kitsh import ScriptedTool, ScriptingToolSet

USERS = {1: {"id": 1, "name": "Alice", "tier": "gold"}, 2: {"id": 2, "name": "Bob", "tier": "silver"}}
ORDERS = {1: [{"id": 10, "total": 5}, {"id": 11, "total": 7}], 2: []}

USER_SCHEMA = {
    "type": "object",
    "properties": {"id": {"type": "integer", "description": "User ID"}},
    "required": ["id"],
}
ORDERS_SCHEMA = {
    "type": "object",
    "properties": {
        "user_id": {"type": "integer"},
        "limit": {"type": "integer"},
        "paid": {"type": "boolean"},
    },
    "required": ["user_id"],
}


def get_user(params, stdin):
    user = USERS.get(params["id"])
    if user is None:
        raise KeyError(f"no user {params['id']}")
    return json.dumps(user) + "\n"


def list_orders(params, stdin):
    orders = ORDERS[params["user_id"]][: params.get("limit", 100)]
    return json.dumps(orders) + "\n"


def make_tool(**kwargs) -> ScriptedTool:
    t = ScriptedTool("ecommerce_api", short_description="User and order tools", **kwargs)
    t.add_tool("get_user", "Fetch user by ID", get_user, schema=USER_SCHEMA, tags=["read"], category="users")
    t.add_tool("list_orders", "List a user's orders", list_orders, schema=ORDERS_SCHEMA, category="orders")
    return t


def test_exports():
    for name in ("ScriptedTool", "ScriptingToolSet", "ToolSetTool"):
        assert name in kitsh.__all__ and hasattr(kitsh, name)


def test_pipe_through_jq_and_loops():
    t = make_tool()
    r = t.execute("get_user --id 1 | jq -r .name")
    assert (r.stdout, r.stderr, r.exit_code) == ("Alice\n", "", 0)
    r = t.execute("for id in 1 2; do get_user --id $id | jq -r .name; done; list_orders --user_id 1 | jq length")
    assert r.stdout == "Alice\nBob\n2\n"
    assert t.tool_names() == ["get_user", "list_orders"]
    assert t.name == "ecommerce_api" and t.short_description == "User and order tools"


def test_typed_flags_arrive_as_python_types():
    seen = []

    def record(params, stdin):
        seen.append(params)
        return "ok\n"

    t = ScriptedTool("api")
    t.add_tool("rec", "Record params", record, schema=ORDERS_SCHEMA)
    r = t.execute("rec --user_id 7 --limit=3 --paid; rec --user_id 8 --no-paid --name x")
    assert r.stdout == "ok\nok\n", r.stderr
    assert seen == [{"user_id": 7, "limit": 3, "paid": True}, {"user_id": 8, "paid": False, "name": "x"}]
    assert type(seen[0]["user_id"]) is int and type(seen[0]["paid"]) is bool


def test_flag_errors_are_not_sanitised_and_skip_the_callback():
    t = make_tool()
    r = t.execute("get_user --id abc")
    assert (r.stdout, r.stderr, r.exit_code) == ("", "get_user: invalid value for --id: expected integer, got 'abc'\n", 2)


def test_stdin_piped_or_none():
    seen = []

    def upper(params, stdin):
        seen.append(stdin)
        return (stdin or "").upper()

    t = ScriptedTool("text").add_tool("upper", "Upper-case stdin", upper)
    assert t.execute("echo hi | upper").stdout == "HI\n"
    assert t.execute("upper").stdout == ""
    assert seen == ["hi\n", None]


def test_exception_is_sanitised_and_the_hook_sees_it():
    errors = []

    def leaky(params, stdin):
        raise RuntimeError("db password is hunter2")

    t = ScriptedTool("api", on_tool_error=lambda tool, msg: errors.append((tool, msg)))
    t.add_tool("leaky", "Fails", leaky)
    r = t.execute("leaky || echo fallback")
    assert (r.stdout, r.stderr, r.exit_code) == ("fallback\n", "leaky: tool failed\n", 0)
    assert "hunter2" not in r.stdout + r.stderr
    assert errors == [("leaky", "RuntimeError: db password is hunter2")]
    r = t.execute("leaky")
    assert r.exit_code == 1


def test_sanitize_errors_false_shows_the_message():
    def leaky(params, stdin):
        raise ValueError("bad input")

    t = ScriptedTool("api", sanitize_errors=False).add_tool("leaky", "Fails", leaky)
    r = t.execute("leaky")
    assert (r.stderr, r.exit_code) == ("leaky: ValueError: bad input\n", 1)


def test_non_str_result_is_a_tool_error():
    t = ScriptedTool("api", sanitize_errors=False).add_tool("num", "Returns an int", lambda p, s: 42)
    r = t.execute("num")
    assert (r.stderr, r.exit_code) == ("num: callback must return str\n", 1)


async def fetch_user(params, stdin):
    await asyncio.sleep(0.001)
    return USERS[params["id"]]["name"] + "\n"


def test_async_callback_under_execute():
    t = ScriptedTool("api").add_tool("fetch_user", "Fetch a user name", fetch_user, schema=USER_SCHEMA)
    r = t.execute("fetch_user --id 2")
    assert (r.stdout, r.stderr, r.exit_code) == ("Bob\n", "", 0)


def test_async_callback_under_execute_async_runs_on_the_callers_loop():
    loops = []

    async def on_loop(params, stdin):
        loops.append(asyncio.get_running_loop())
        await asyncio.sleep(0.001)
        return "done\n"

    t = ScriptedTool("api").add_tool("on_loop", "Async tool", on_loop).add_tool("fetch_user", "Fetch", fetch_user, schema=USER_SCHEMA)

    async def main():
        r = await t.execute_async("on_loop; fetch_user --id 1 | tr a-z A-Z")
        return r, asyncio.get_running_loop()

    r, loop = asyncio.run(main())
    assert (r.stdout, r.stderr, r.exit_code) == ("done\nALICE\n", "", 0)
    assert loops == [loop]


def test_a_coroutine_that_never_finishes_ends_at_the_scripts_timeout():
    cancelled = []

    async def hang(params, stdin):
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.append(True)
            raise
        return "never\n"

    t = ScriptedTool("api").add_tool("hang", "Never answers", hang)

    async def main():
        started = time.monotonic()
        r = await t.execute_async("echo before; hang; echo after", timeout_ms=200)
        await asyncio.sleep(0.05)
        return r, time.monotonic() - started

    r, took = asyncio.run(main())
    assert (r.stdout, r.exit_code, r.error) == ("before\n", 124, "timeout")
    assert took < 3
    assert cancelled == [True]


def test_a_coroutine_that_never_finishes_ends_at_the_timeout_under_execute():
    async def hang(params, stdin):
        await asyncio.Event().wait()
        return "never\n"

    t = ScriptedTool("api").add_tool("hang", "Never answers", hang)
    started = time.monotonic()
    r = t.execute("echo before; hang; echo after", timeout_ms=200)
    assert (r.stdout, r.exit_code, r.error) == ("before\n", 124, "timeout")
    assert time.monotonic() - started < 3

    # From async code (`execute` then runs the coroutine on a helper thread).
    async def main():
        return t.execute("hang; echo after", timeout_ms=200)

    r = asyncio.run(main())
    assert (r.stdout, r.exit_code) == ("", 124)


def test_sync_execute_from_async_code():
    t = ScriptedTool("api").add_tool("fetch_user", "Fetch", fetch_user, schema=USER_SCHEMA)

    async def main():
        return t.execute("fetch_user --id 1")

    assert asyncio.run(main()).stdout == "Alice\n"


def test_texts():
    t = make_tool()
    prompt = t.system_prompt()
    assert prompt.startswith("# ecommerce_api\n")
    assert "- `get_user`: Fetch user by ID\n  Usage: `get_user --id <integer>`\n" in prompt
    assert t.help().startswith("ECOMMERCE_API(1)")
    assert "\nNAME\n       ecommerce_api - user and order tools\n" in t.help()
    assert t.description() == "User and order tools. Tool commands: get_user, list_orders"
    assert t.input_schema()["required"] == ["commands"]
    assert "stdout" in t.output_schema()["properties"]
    assert t.execute("help get_user").stdout.startswith("get_user - Fetch user by ID\nUsage: get_user --id <integer>\n")
    compact = ScriptedTool("c", compact_prompt=True).add_tool("get_user", "Fetch user by ID", get_user, schema=USER_SCHEMA)
    assert "Usage:" not in compact.system_prompt() and "discover --categories" in compact.system_prompt()


def test_trace():
    t = make_tool()
    assert t.take_last_execution_trace() is None
    t.execute("get_user --id 1 >/dev/null; get_user --id 99; list_orders --user_id 2")
    trace = t.take_last_execution_trace()
    assert [c["tool"] for c in trace] == ["get_user", "get_user", "list_orders"]
    first, failed, last = trace
    assert first["args"] == {"id": 1} and first["exit_code"] == 0 and first["error"] is None
    assert first["stdout_bytes"] == len(json.dumps(USERS[1])) + 1
    assert failed["exit_code"] == 1 and "no user 99" in failed["error"] and failed["denied"] is False
    assert last["stdout_bytes"] == 3 and isinstance(last["duration_ms"], float)
    assert t.take_last_execution_trace() is None


def test_logic_mode_and_env_and_limits():
    t = make_tool(env={"REGION": "eu"}, limits={"max_commands": 50})
    r = t.execute("ls")
    assert (r.stderr, r.exit_code) == ("kitsh: line 1: ls: command not found\n", 127)
    r = t.execute("echo x > out.txt")
    assert r.exit_code == 1 and "redirection disabled in logic mode" in r.stderr
    assert t.execute("echo $REGION").stdout == "eu\n"
    t.execute("X=1")
    assert t.execute('echo "[$X]"').stdout == "[]\n"
    r = t.execute("while true; do :; done")
    assert r.error == "resource_limit"


def test_bad_names_raise_value_error():
    t = ScriptedTool("api")
    with pytest.raises(ValueError, match=r"^invalid tool name 'bad name'$"):
        t.add_tool("bad name", "x", get_user)
    with pytest.raises(ValueError, match=r"^reserved tool name 'help'$"):
        t.add_tool("help", "x", get_user)
    t.add_tool("get_user", "x", get_user)
    with pytest.raises(ValueError, match=r"^duplicate tool name 'get_user'$"):
        t.add_tool("get_user", "again", get_user)
    assert t.tool_names() == ["get_user"]
    with pytest.raises(ValueError, match=r"^invalid tool name 'a\.b'$"):
        ScriptedTool("a.b")


def test_toolset_exclusive():
    s = ScriptingToolSet("crm").add_tool("get_user", "Fetch user by ID", get_user, schema=USER_SCHEMA)
    (tool,) = s.tools()
    assert tool.name == "crm"
    assert "Usage: `get_user --id <integer>`" in tool.system_prompt()
    assert tool.execute("get_user --id 2 | jq -r .tier").stdout == "silver\n"
    assert [c["tool"] for c in s.take_last_execution_trace()] == ["get_user"]


def test_toolset_with_discovery():
    s = ScriptingToolSet("crm", short_description="CRM tools", discovery=True)
    s.add_tool("get_user", "Fetch user by ID", get_user, schema=USER_SCHEMA, tags=["read"], category="users")
    s.add_tool("list_orders", "List a user's orders", list_orders, schema=ORDERS_SCHEMA, category="orders")
    tools = s.tools()
    assert [t.name for t in tools] == ["crm", "crm_discover"]
    script, discover = tools
    assert "Usage:" not in script.system_prompt() and "discover --search <text>" in script.system_prompt()
    assert discover.system_prompt().startswith("# crm_discover\n\nBrowse the commands of the crm tool")
    assert discover.short_description == "Browse the crm tool commands"
    r = discover.execute("discover --search user")
    assert (r.stdout, r.exit_code) == ("get_user     Fetch user by ID\nlist_orders  List a user's orders\n", 0)
    assert discover.execute("discover --categories").stdout == "orders (1 tool)\nusers (1 tool)\n"
    r = discover.execute("get_user --id 1")
    assert (r.exit_code, r.error) == (2, "invalid_request")
    assert script.execute("get_user --id 1 | jq -r .name").stdout == "Alice\n"
    r = asyncio.run(discover.execute_async("help get_user --json"))
    assert json.loads(r.stdout)["input_schema"] == USER_SCHEMA


def test_concurrent_execute_async_calls_are_queued():
    t = ScriptedTool("api").add_tool("fetch_user", "Fetch", fetch_user, schema=USER_SCHEMA)
    s = ScriptingToolSet("crm", discovery=True).add_tool("fetch_user", "Fetch", fetch_user, schema=USER_SCHEMA)
    script, discover = s.tools()

    async def main():
        return await asyncio.gather(
            t.execute_async("fetch_user --id 1"),
            t.execute_async("fetch_user --id 2"),
            script.execute_async("fetch_user --id 2"),
            discover.execute_async("help --list"),
        )

    a, b, c, d = asyncio.run(main())
    assert (a.stdout, b.stdout, c.stdout, d.stdout) == ("Alice\n", "Bob\n", "Bob\n", "fetch_user  Fetch\n")
