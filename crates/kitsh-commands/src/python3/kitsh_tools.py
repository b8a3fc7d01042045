# `kitsh_tools`: the shell's tools (a ScriptedTool's, a kit's, an imported MCP server's) as
# Python functions. Run by kitsh's `python3` when a script imports it, in a shell that has
# tools; `_kitsh` (the native primitives) is set in this module's globals first.
#
#     import kitsh_tools
#     user = kitsh_tools.get_user(id=42)          # the parsed JSON value (text if not JSON)
#     kitsh_tools.net.url_info(url="https://x")   # a dotted name
#     kitsh_tools.summarize(stdin="long text")    # piped input
#
# Calls take the path a bash call takes: the schema checks the arguments (the same messages
# as the flags), the policy hook, the trace, sanitised errors. A failing call raises
# ToolError with the (sanitised) message and the exit status.

import json as _json

__all__ = ["ToolError", "help", "discover"]


class ToolError(Exception):
    """A tool call that failed: `message` (what the tool wrote to stderr, sanitised),
    `exit_code` (its status) and `tool` (its name)."""

    def __init__(self, message, exit_code=1, tool=None):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.tool = tool


def _stdin_bytes(stdin):
    if stdin is None:
        return None
    if isinstance(stdin, (bytes, bytearray)):
        return bytes(stdin)
    if isinstance(stdin, str):
        return stdin.encode("utf-8", "surrogateescape")
    return _json.dumps(stdin).encode("utf-8")


def _result(name, out):
    if out is None:
        raise AttributeError("module 'kitsh_tools' has no attribute %r" % name)
    status, stdout, stderr = out
    if status != 0:
        message = stderr.decode("utf-8", "replace").rstrip("\n") or ("%s: exit status %d" % (name, status))
        raise ToolError(message, status, name)
    return stdout


# The first characters a JSON text can start with (after white space; `NaN` and `Infinity`
# included, as `json.loads` takes them): any other text is returned as it is without trying
# (a failed parse costs an exception, the most of a small call).
_JSON_START = frozenset('{["-0123456789tfnNI')
_dumps = _json.dumps
_loads = _json.loads


def _command(name, words, as_json):
    out = _result(name, _kitsh.call_tool(name, None, "\0".join(words), None)).decode("utf-8", "replace")
    if as_json:
        return _json.loads(out)
    import sys
    sys.stdout.write(out)
    return None


class _Tool:
    """One tool: call it with keyword arguments (`stdin=` for piped input)."""

    def __init__(self, name, description, schema):
        self.__name__ = self.__qualname__ = name
        self.__doc__ = description
        self._schema = schema

    def __call__(self, stdin=None, **kwargs):
        # The path of every call, kept short (one frame; on WASI each bytecode costs about
        # three times CPython's): a failure or text that is not JSON take the slow branches.
        name = self.__name__
        out = _kitsh.call_tool(name, _dumps(kwargs) if kwargs else "{}", "",
                               None if stdin is None else _stdin_bytes(stdin))
        if out is None or out[0] != 0:
            _result(name, out)
        text = out[1].decode("utf-8", "replace")
        if text.lstrip()[:1] not in _JSON_START:
            return text
        try:
            return _loads(text)
        except ValueError:
            return text

    @property
    def input_schema(self):
        return _json.loads(self._schema)

    def __repr__(self):
        return "<kitsh tool %s>" % self.__name__


class _Namespace:
    """The tools under one dotted prefix (`kitsh_tools.net.url_info`)."""

    def __init__(self, prefix):
        self._prefix = prefix

    def __getattr__(self, attr):
        raise AttributeError("kitsh_tools has no tool %r" % (self._prefix + "." + attr))

    def __repr__(self):
        return "<kitsh tools %s.*>" % self._prefix


def _attr(part):
    return part.replace("-", "_")


def _put(node, key, value):
    """Bind `value` under `key` (and its identifier spelling, unless taken) in a module's
    globals or a namespace."""
    d = node if isinstance(node, dict) else node.__dict__
    d[key] = value
    d.setdefault(_attr(key), value)


def _install(g):
    for name, description, schema in _kitsh.tools():
        parts = name.split(".")
        node, prefix = g, []
        for part in parts[:-1]:
            prefix.append(part)
            child = (node if isinstance(node, dict) else node.__dict__).get(part)
            if not isinstance(child, _Namespace):
                child = _Namespace(".".join(prefix))
                _put(node, part, child)
            node = child
        _put(node, parts[-1], _Tool(name, description, schema))


def help(tool=None, json=False):
    """Print `help` (the list of tools) or `help TOOL`, as the bash builtin does; with
    json=True, return its JSON instead."""
    words = [] if tool is None else [tool]
    if json:
        words.append("--json")
    return _command("help", words, json)


def discover(categories=False, category=None, tag=None, search=None, json=False):
    """`discover --categories | --category NAME | --tag TAG | --search TEXT`, as the bash
    builtin prints it; with json=True, return its JSON instead."""
    words = []
    if categories:
        words.append("--categories")
    for flag, value in (("--category", category), ("--tag", tag), ("--search", search)):
        if value is not None:
            words += [flag, value]
    if json:
        words.append("--json")
    return _command("discover", words, json)


def __getattr__(attr):
    raise AttributeError("module 'kitsh_tools' has no attribute %r" % attr)


_install(globals())
