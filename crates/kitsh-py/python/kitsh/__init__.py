"""kitsh: a sandboxed, in-process bash interpreter for LLM agents.

``Bash`` is one bash session whose state (variables, functions, cwd, files) persists between
calls; ``BashTool`` is the same session handed to a model as a tool, with the texts and
schemas a model is told. Scripts run in Rust with the GIL released.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable, Dict, Mapping, Optional, Union

from ._kitsh import ExecResult, Session, __version__

__all__ = ["Bash", "BashTool", "ExecResult", "__version__"]


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
        """Run ``commands`` (like ``bash -c``); never raises for script failures."""
        return self._s.execute(commands, timeout_ms)

    async def execute_async(self, commands: str, timeout_ms: Optional[int] = None) -> ExecResult:
        """``execute`` on a worker thread, awaitable from asyncio (one call at a time per object)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self._s.execute, commands, timeout_ms)

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

    def reset(self) -> None:
        """Start a fresh session."""
        self._s.reset()


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
