"""kitsh: a sandboxed, in-process bash interpreter for LLM agents.

``Bash`` is one bash session whose state (variables, functions, cwd, files) persists between
calls; ``BashTool`` is the same session handed to a model as a tool, with the texts and
schemas a model is told. ``ScriptedTool`` turns Python callables into the commands of a
logic-only shell (one script calls many tools); ``ScriptingToolSet`` hands the same tools to a
model, optionally with a companion discover tool. Scripts run in Rust with the GIL released.
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any, Awaitable, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from ._kitsh import (
    CancelToken,
    ExecResult,
    Registry,
    Session,
    SessionConflict,
    SessionError,
    SnapshotError,
    Store,
    ToolHandle,
    __version__,
)

__all__ = [
    "Bash",
    "BashTool",
    "ExecResult",
    "ScriptedTool",
    "ScriptingToolSet",
    "SessionConflict",
    "SessionError",
    "SessionStore",
    "SnapshotError",
    "ToolSetTool",
    "__version__",
]


class Bash:
    """A sandboxed bash session.

    ``limits`` is a dict of ``ExecutionLimits`` fields (``max_commands``, ``max_loop_iterations``,
    ``max_output_bytes``, ``timeout_ms``, ...); ``files`` maps paths to initial contents.
    """

    def __init__(
        self,
        username: Optional[str] = None,
        hostname: Optional[str] = None,
        limits: Optional[Mapping[str, Any]] = None,
        env: Optional[Mapping[str, str]] = None,
        files: Optional[Mapping[str, Union[str, bytes]]] = None,
        cwd: Optional[str] = None,
        fresh_per_call: bool = False,
        name: Optional[str] = None,
    ) -> None:
        self._config: Dict[str, Any] = dict(
            username=username, hostname=hostname, limits=limits, env=env, cwd=cwd, fresh_per_call=fresh_per_call, name=name
        )
        self._commands: List[Any] = []
        self._s = Session(
            username=username,
            hostname=hostname,
            limits_json=json.dumps(dict(limits)) if limits is not None else None,
            env=list(dict(env).items()) if env else None,
            cwd=cwd,
            name=name,
            fresh_per_call=fresh_per_call,
        )
        for path, data in (files or {}).items():
            self.write_file(path, data)

    def execute(self, commands: str, timeout_ms: Optional[int] = None) -> ExecResult:
        """Run ``commands`` (like ``bash -c``); never raises for script failures. Calls from
        several threads are queued and run one at a time, in order; the wait counts against
        ``timeout_ms``."""
        return self._s.execute(commands, timeout_ms)

    async def execute_async(self, commands: str, timeout_ms: Optional[int] = None) -> ExecResult:
        """``execute`` on a worker thread, awaitable from asyncio. Calls on one object are queued;
        cancelling the awaiting task cancels the call: a queued one never runs, a running one
        stops at its next command."""
        loop = asyncio.get_running_loop()
        token = CancelToken()
        fut = loop.run_in_executor(None, self._s.execute, commands, timeout_ms, token)
        try:
            return await fut
        except asyncio.CancelledError:
            token.cancel()
            raise

    def read_file(self, path: str) -> bytes:
        """The bytes of a file of the session."""
        return bytes(self._s.read_file(path))

    def write_file(self, path: str, data: Union[str, bytes]) -> None:
        """Create or replace a file of the session (parent directories are created)."""
        if isinstance(data, str):
            data = data.encode()
        self._s.write_file(path, bytes(data))

    def register_command(self, name: str, fn: Callable[[list, str], Optional[str]]) -> None:
        """Make ``fn(args, stdin) -> str`` the command ``name``; an exception it raises makes
        the command exit 1 with the exception type and message on stderr."""
        self._s.register_command(name, fn)
        self._commands.append((name, fn))

    def snapshot(self) -> bytes:
        """The session's files and shell state as bytes (deterministic, versioned): store them
        anywhere and bring the session back with ``Bash.restore``. Raises ``SnapshotError``."""
        return bytes(self._s.snapshot())

    @classmethod
    def restore(cls, data: bytes, **config: Any):
        """A new session from the bytes of ``snapshot()``, configured by ``config`` (the
        constructor's arguments: its limits apply, ``files`` are replaced by the snapshot's).
        Raises ``SnapshotError`` for damaged bytes or a snapshot over the limits."""
        b = cls(**config)
        b._s.restore(bytes(data))
        return b

    def fork(self):
        """A second session starting from this one's state, with its configuration and
        commands; both go on independently."""
        b = type(self)(**self._config)
        for name, fn in self._commands:
            b.register_command(name, fn)
        b._s.restore(self.snapshot())
        return b

    def reset(self) -> None:
        """Start a fresh session."""
        self._s.reset()


class SessionStore:
    """Sessions kept in a store with their history, as the CLI keeps them: ``sqlite:PATH`` (one
    file any number of processes share), ``sqlite::memory:`` or ``memory:``.

    ``load(name)`` gives the session's last state as a ``Bash``; after its calls,
    ``commit(bash)`` stores the new state (only what the store lacks). A commit whose session
    another writer moved meanwhile raises ``SessionConflict``: load again and run again.
    """

    def __init__(self, url: str) -> None:
        self._s = Store(url)

    def load(self, name: str, cls: Any = None, **config: Any) -> "Bash":
        """Session ``name``'s last state as a ``Bash`` (or ``cls``, e.g. ``BashTool``), configured
        by ``config`` (the constructor's arguments); a new session when there is none."""
        cls = cls or Bash
        loaded = self._s.load(name)
        if loaded is None:
            b = cls(**config)
            parent = None
        else:
            parent, data = loaded
            b = cls.restore(data, **config)
        b._store_head = (name, parent)
        return b

    def commit(self, bash: "Bash", label: str = "") -> str:
        """Store ``bash``'s state as its session's next commit; returns the new head's id (the
        same head when nothing changed). Raises ``SessionConflict`` if another writer won."""
        head = getattr(bash, "_store_head", None)
        if head is None:
            raise SessionError("this Bash was not loaded from a SessionStore")
        name, parent = head
        new = self._s.commit(name, parent, bash.snapshot(), label)
        bash._store_head = (name, new)
        return new

    def sessions(self) -> List[Tuple[str, str]]:
        """Every session with its head's id."""
        return self._s.sessions()

    def log(self, name: str) -> List[Dict[str, Any]]:
        """Session ``name``'s commits, newest first: ``{"id", "time_ms", "label"}``."""
        return [{"id": i, "time_ms": t, "label": l} for (i, t, l) in self._s.log(name)]

    def checkout(self, name: str, commit: str) -> None:
        """Rewind ``name`` to one of its commits (an id, or a prefix of at least 4 hex digits)."""
        self._s.checkout(name, commit)

    def fork(self, name: str, new: str, commit: Optional[str] = None) -> str:
        """A new session ``new`` at ``name``'s head or at one of its commits; returns its head."""
        return self._s.fork(name, new, commit)

    def diff(self, a: str, b: str) -> List[str]:
        """What changed from commit ``a`` to commit ``b``: lines like ``M file /tmp/x``."""
        return self._s.diff(a, b)

    def remove(self, name: str) -> None:
        """Remove session ``name`` (its data goes at the next ``gc``)."""
        self._s.remove(name)

    def gc(self, keep_last: Optional[int] = None) -> Tuple[int, int]:
        """Delete what no kept commit names; ``(deleted, kept)`` object counts."""
        return self._s.gc(keep_last)


class BashTool(Bash):
    """A ``Bash`` session handed to a model as a tool."""

    @property
    def name(self) -> str:
        """The tool's name (``kitsh`` unless ``name=`` was given)."""
        return self._s.name

    @property
    def version(self) -> str:
        """The kitsh version."""
        return self._s.version

    def description(self) -> str:
        """The description listing every supported command."""
        return self._s.description()

    def help(self) -> str:
        """The man-page help text."""
        return self._s.help()

    def system_prompt(self) -> str:
        """The minimal text for a model's system prompt."""
        return self._s.system_prompt()

    def input_schema(self) -> Dict[str, Any]:
        """JSON Schema of a call's arguments."""
        return json.loads(self._s.input_schema_json())

    def output_schema(self) -> Dict[str, Any]:
        """JSON Schema of a call's result."""
        return json.loads(self._s.output_schema_json())


ToolCallbackFn = Callable[[Dict[str, Any], Optional[str]], Union[str, Awaitable[str]]]


def _registry(
    name: str,
    short_description: Optional[str],
    env: Optional[Mapping[str, str]],
    limits: Optional[Mapping[str, Any]],
    compact_prompt: bool,
    sanitize_errors: bool,
    on_tool_error: Optional[Callable[[str, str], Any]],
    discovery: bool,
) -> Registry:
    return Registry(
        name,
        short_description=short_description,
        env=list(dict(env).items()) if env else None,
        limits_json=json.dumps(dict(limits)) if limits is not None else None,
        compact_prompt=compact_prompt,
        sanitize_errors=sanitize_errors,
        on_tool_error=on_tool_error,
        discovery=discovery,
    )


def _add_tool(
    reg: Registry,
    name: str,
    description: str,
    callback: ToolCallbackFn,
    schema: Optional[Mapping[str, Any]],
    tags: Optional[Sequence[str]],
    category: Optional[str],
) -> None:
    if not callable(callback):
        raise TypeError("callback must be callable")
    reg.add_tool(
        name,
        description,
        callback,
        schema_json=json.dumps(dict(schema)) if schema is not None else None,
        tags=list(tags) if tags is not None else None,
        category=category,
    )


def _trace(reg: Registry) -> Optional[List[Dict[str, Any]]]:
    text = reg.take_last_execution_trace_json()
    return None if text is None else json.loads(text)


class _Runner:
    """``execute``/``execute_async`` over a native object, one call at a time per object."""

    _native: Any

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def _run(self, commands: str, timeout_ms: Optional[int], loop: Any) -> ExecResult:
        with self._lock:
            return self._native.execute(commands, timeout_ms, loop)

    def execute(self, commands: str, timeout_ms: Optional[int] = None) -> ExecResult:
        """Run ``commands`` in a fresh logic-only shell; never raises for script failures.
        A coroutine callback is run with ``asyncio.run``."""
        return self._run(commands, timeout_ms, None)

    async def execute_async(self, commands: str, timeout_ms: Optional[int] = None) -> ExecResult:
        """``execute`` on a worker thread; coroutine callbacks are awaited on this event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self._run, commands, timeout_ms, loop)

    def description(self) -> str:
        """The description naming every tool command."""
        return self._native.description()

    def help(self) -> str:
        """The man-page help text."""
        return self._native.help()

    def system_prompt(self) -> str:
        """The text for a model's system prompt."""
        return self._native.system_prompt()

    def input_schema(self) -> Dict[str, Any]:
        """JSON Schema of a call's arguments."""
        return json.loads(self._native.input_schema_json())

    def output_schema(self) -> Dict[str, Any]:
        """JSON Schema of a call's result."""
        return json.loads(self._native.output_schema_json())

    @property
    def name(self) -> str:
        """The tool's name."""
        return self._native.name

    @property
    def short_description(self) -> str:
        """The tool's one-liner."""
        return self._native.short_description


class ScriptedTool(_Runner):
    """Python callables as the commands of a logic-only shell: a model writes one script
    (``get_user --id 1 | jq -r .name``) instead of one tool call per step.

    Each ``execute`` runs in a fresh interpreter (no script state survives a call). Tool
    errors are sanitised (``NAME: tool failed``) unless ``sanitize_errors=False``;
    ``on_tool_error(tool, message)`` receives the original text. ``limits`` is a dict of
    ``ExecutionLimits`` fields as for ``Bash``. An invalid name raises ``ValueError``.
    """

    def __init__(
        self,
        name: str,
        short_description: Optional[str] = None,
        env: Optional[Mapping[str, str]] = None,
        limits: Optional[Mapping[str, Any]] = None,
        compact_prompt: bool = False,
        sanitize_errors: bool = True,
        on_tool_error: Optional[Callable[[str, str], Any]] = None,
    ) -> None:
        super().__init__()
        self._native = _registry(name, short_description, env, limits, compact_prompt, sanitize_errors, on_tool_error, False)

    def add_tool(
        self,
        name: str,
        description: str,
        callback: ToolCallbackFn,
        schema: Optional[Mapping[str, Any]] = None,
        tags: Optional[Sequence[str]] = None,
        category: Optional[str] = None,
    ) -> "ScriptedTool":
        """Register ``callback(params: dict, stdin: str | None) -> str`` as the command ``name``.

        ``params`` are the ``--key value`` flags typed by ``schema`` (a JSON Schema object);
        ``stdin`` is the piped input, ``None`` when nothing is piped. The returned string is
        the command's stdout; an exception (or a non-``str`` result) is a tool error. A
        coroutine function is awaited. Raises ``ValueError`` for an invalid, duplicate or
        reserved name. Returns ``self``.
        """
        _add_tool(self._native, name, description, callback, schema, tags, category)
        return self

    def tool_names(self) -> List[str]:
        """The registered tool commands, in registration order."""
        return list(self._native.tool_names())

    def take_last_execution_trace(self) -> Optional[List[Dict[str, Any]]]:
        """The tool calls of the last finished ``execute`` (then ``None`` until the next):
        dicts with ``tool``, ``args``, ``exit_code``, ``duration_ms``, ``stdout_bytes``,
        ``error`` (the unsanitised text) and ``denied``."""
        return _trace(self._native)


class ToolSetTool(_Runner):
    """One tool of a ``ScriptingToolSet``, as handed to a model."""

    def __init__(self, native: ToolHandle) -> None:
        super().__init__()
        self._native = native

    def __repr__(self) -> str:
        return f"ToolSetTool(name={self.name!r})"


class ScriptingToolSet:
    """The tools a host hands a model over one group of Python tools: the script tool alone,
    or with ``discovery=True`` a compact script tool plus a ``<name>_discover`` tool that runs
    one ``discover``/``help`` command (no callback ever runs there)."""

    def __init__(
        self,
        name: str,
        short_description: Optional[str] = None,
        discovery: bool = False,
        env: Optional[Mapping[str, str]] = None,
        limits: Optional[Mapping[str, Any]] = None,
        sanitize_errors: bool = True,
        on_tool_error: Optional[Callable[[str, str], Any]] = None,
    ) -> None:
        self._native = _registry(name, short_description, env, limits, False, sanitize_errors, on_tool_error, discovery)

    @property
    def name(self) -> str:
        """The set's name (the script tool's name)."""
        return self._native.name

    def add_tool(
        self,
        name: str,
        description: str,
        callback: ToolCallbackFn,
        schema: Optional[Mapping[str, Any]] = None,
        tags: Optional[Sequence[str]] = None,
        category: Optional[str] = None,
    ) -> "ScriptingToolSet":
        """As ``ScriptedTool.add_tool``."""
        _add_tool(self._native, name, description, callback, schema, tags, category)
        return self

    def tool_names(self) -> List[str]:
        """The registered tool commands, in registration order."""
        return list(self._native.tool_names())

    def tools(self) -> List[ToolSetTool]:
        """The tools to hand a model (built from the tools registered so far)."""
        return [ToolSetTool(t) for t in self._native.set_tools()]

    def take_last_execution_trace(self) -> Optional[List[Dict[str, Any]]]:
        """The tool calls of the script tool's last finished ``execute``."""
        return _trace(self._native)
