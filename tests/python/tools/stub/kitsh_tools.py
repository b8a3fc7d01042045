# CPython's stand-in for kitsh's `kitsh_tools`, over the same data as the Rust test's tools
# (../crm.json): what the corpus's expected outputs are recorded with. See ../README.md.
import json as _json
import os as _os
import re as _re

__all__ = ["ToolError"]

with open(_os.path.join(_os.path.dirname(__file__), "..", "crm.json")) as _f:
    _DB = _json.load(_f)


class ToolError(Exception):
    def __init__(self, message, exit_code=1, tool=None):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.tool = tool


class _Failed(Exception):
    """A callback's error: kitsh sanitises its text to `tool failed`."""


def _get_user(a, stdin):
    for u in _DB["users"]:
        if u["id"] == a["id"]:
            return _json.dumps(u) + "\n"
    raise _Failed("no user with id %d" % a["id"])


def _list_orders(a, stdin):
    rows = [o for o in _DB["orders"] if o["user_id"] == a["user_id"]
            and ("status" not in a or o["status"] == a["status"])]
    return _json.dumps(rows) + "\n"


def _orders_total(a, stdin):
    paid = [o["total"] for o in _DB["orders"] if o["user_id"] == a["user_id"] and o["status"] == "paid"]
    return _json.dumps({"user_id": a["user_id"], "total": round(sum(paid), 2), "count": len(paid)}) + "\n"


def _slugify(a, stdin):
    return _re.sub(r"[^a-z0-9]+", "-", a["text"].lower()).strip("-") + "\n"


def _word_count(a, stdin):
    text = (stdin or b"").decode()
    return _json.dumps({"lines": text.count("\n"), "words": len(text.split()), "chars": len(text)}) + "\n"


# name: (schema properties, required, callback); the order kitsh registers them in.
_TOOLS = {
    "get_user": ({"id": "integer"}, ["id"], _get_user),
    "list_orders": ({"user_id": "integer", "status": "string"}, ["user_id"], _list_orders),
    "orders.total": ({"user_id": "integer"}, ["user_id"], _orders_total),
    "slugify": ({"text": "string"}, ["text"], _slugify),
    "word-count": ({}, [], _word_count),
    "admin.delete_user": ({"id": "integer"}, ["id"], None),
}


def _check(name, kwargs):
    """The flags' checks, with their messages (exit status 2)."""
    props, required, _ = _TOOLS[name]
    args = {}
    for key, value in kwargs.items():
        kind = props.get(key)
        if kind == "integer":
            if isinstance(value, bool) or not isinstance(value, int):
                if isinstance(value, str) and _re.fullmatch(r"-?[0-9]+", value):
                    value = int(value)
                else:
                    raise ToolError("%s: invalid value for --%s: expected integer, got '%s'"
                                    % (name, key, value), 2, name)
        elif kind == "string" and not isinstance(value, str):
            value = _json.dumps(value)
        args[key] = value
    for key in required:
        if key not in args:
            raise ToolError("%s: missing required flag --%s" % (name, key), 2, name)
    return args


def _stdin_bytes(stdin):
    if stdin is None or isinstance(stdin, bytes):
        return stdin
    if isinstance(stdin, str):
        return stdin.encode()
    return _json.dumps(stdin).encode()


class _Tool:
    def __init__(self, name):
        self.__name__ = self.__qualname__ = name

    def __call__(self, stdin=None, **kwargs):
        name = self.__name__
        args = _check(name, kwargs)
        callback = _TOOLS[name][2]
        if callback is None:
            raise ToolError("%s: denied by policy" % name, 1, name)
        try:
            text = callback(args, _stdin_bytes(stdin))
        except _Failed:
            raise ToolError("%s: tool failed" % name, 1, name) from None
        try:
            return _json.loads(text)
        except ValueError:
            return text

    def __repr__(self):
        return "<kitsh tool %s>" % self.__name__


class _Namespace:
    def __init__(self, prefix):
        self._prefix = prefix

    def __getattr__(self, attr):
        raise AttributeError("kitsh_tools has no tool %r" % (self._prefix + "." + attr))


def _install(g):
    for name in _TOOLS:
        parts = name.split(".")
        node = g
        for i, part in enumerate(parts[:-1]):
            d = node if isinstance(node, dict) else node.__dict__
            if not isinstance(d.get(part), _Namespace):
                d[part] = _Namespace(".".join(parts[:i + 1]))
            node = d[part]
        d = node if isinstance(node, dict) else node.__dict__
        d[parts[-1]] = _Tool(name)
        d.setdefault(parts[-1].replace("-", "_"), d[parts[-1]])


def __getattr__(attr):
    raise AttributeError("module 'kitsh_tools' has no attribute %r" % attr)


_install(globals())
