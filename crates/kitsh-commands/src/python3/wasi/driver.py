# The driver kitsh's `python3` runs in a fresh instance of CPython on WASI (wasi/mod.rs; it is
# compiled once per process and kept marshalled). `_kitsh_prepare` does what does not depend
# on the job — the sandbox's refusals, `kitsh_tools`'s finder, compat.py — and, for kitsh's own
# snapshot (taken after it), imports the modules most calls use; `_kitsh_main` takes the job
# from the door, sets the call's argv, environment and directory, runs the script as
# `__main__` and leaves the exit status to the guest's `turn` (SystemExit's code; 1 after an
# uncaught exception, whose traceback it prints without kitsh's frames).


def _kitsh_prepare(refusals_code, compat_code, warm):
    import sys
    # refusals.py and compat.py run in a namespace of their own (this module's is the script's
    # __main__, emptied before it runs).
    compat = {"sys": sys, "_NO_THREADS": True}
    exec(refusals_code, compat)
    compat["_MORE_PATCHES"] = _kitsh_sandbox(sys, warm, compat)
    exec(compat_code, compat)
    global _kitsh_unshadow
    _kitsh_unshadow = compat["_unshadow"]
    if warm:
        # What the snapshot holds: the modules the driver and most scripts import, moved out
        # of the collector's reach (`gc.freeze`), so that a call's collections leave their
        # pages unwritten.
        import atexit, collections, csv, datetime, gc, importlib.util, json, os, re, traceback
        if warm == 2:
            # The data snapshot, for scripts that name numpy or pandas: their import costs about
            # a second and a half, and the larger image a few milliseconds at every call, so
            # the other scripts start from the first. What they seed at import is seeded
            # again at every call (`_kitsh_main`).
            try:
                import numpy, pandas
            except ImportError:
                pass
        gc.collect()
        gc.freeze()


def _kitsh_main():
    import sys

    # kitsh keeps a byte that is not UTF-8 as U+10FF00 + byte; CPython has it as the surrogate
    # U+DC00 + byte ("surrogateescape").
    raw = {0x10FF00 + b: 0xDC00 + b for b in range(0x80, 0x100)}

    def os_str(s):
        return s.translate(raw) if "\U0010ff80" <= max(s, default="") else s

    import _host
    job = _kitsh_fields(_host.call(b"J"))
    argv, env, cwd, kind, payload, filename = [f.decode("utf-8", "surrogateescape") for f in job[:6]]
    argv = argv.split("\0")
    env = env.split("\0") if env else []
    isolated, unbuffered = job[6] == b"1", job[7] == b"1"
    import os
    sys.argv = [os_str(a) for a in argv]
    os.environ.clear()
    for item in env:
        k, _, v = item.partition("=")
        os.environ[os_str(k)] = os_str(v)
    try:
        os.chdir(cwd)
    except OSError:
        pass
    # Random generators that the snapshot's imports seeded, seeded again from the OS's source,
    # as a fresh import would.
    for name in ("random", "numpy.random"):
        if name in sys.modules:
            sys.modules[name].seed()
    if unbuffered:
        sys.stdout.reconfigure(write_through=True)
        sys.stderr.reconfigure(write_through=True)
    main = sys.modules["__main__"]
    g = main.__dict__
    unshadow = _kitsh_unshadow
    # The script starts with what a fresh __main__ holds (the turn's own names go).
    for name in [n for n in g if not n.startswith("__")]:
        del g[name]
    exit_exc = None
    try:
        if kind == "module":
            import runpy
            sys.path.insert(0, "" if isolated else os.getcwd())
            unshadow(sys.path[0])
            runpy.run_module(payload, run_name="__main__", alter_sys=True)
        else:
            if not isolated:
                sys.path.insert(0, os.path.dirname(filename) if kind == "file" else "")
                unshadow(sys.path[0])
            if kind == "file":
                g["__file__"] = filename
            code = compile(payload, filename, "exec")
            exec(code, g)
    except SystemExit as e:
        exit_exc = e
    except BrokenPipeError:
        # The reader went away: the status of a process killed by SIGPIPE, as kitsh's other
        # engine gives, and no traceback.
        exit_exc = SystemExit(141)
    except BaseException as e:
        tb = e.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename.startswith(("<turn", "<kitsh")):
            tb = tb.tb_next
        if isinstance(e, MemoryError):
            # Printing the traceback needs memory (its module is imported then): free what the
            # script's globals hold first.
            keep = {k: g[k] for k in ("__name__", "__builtins__") if k in g}
            g.clear()
            g.update(keep)
        sys.excepthook(type(e), e.with_traceback(tb), tb)
        exit_exc = SystemExit(1)
    try:
        import atexit
        atexit._run_exitfuncs()
    finally:
        for f in (sys.stdout, sys.stderr):
            try:
                if not f.closed:
                    f.flush()
            except BrokenPipeError:
                exit_exc = SystemExit(141)
            except Exception:
                exit_exc = SystemExit(120)
    if exit_exc is not None:
        raise exit_exc


def _kitsh_fields(b):
    """The fields of a door's answer (each a little-endian u32 length and the bytes)."""
    out, i = [], 0
    while i < len(b):
        n = int.from_bytes(b[i:i + 4], "little")
        out.append(b[i + 4:i + 4 + n])
        i += 4 + n
    return out


def _kitsh_sandbox(sys, warm, r):
    """The sandbox's refusals (refusals.py's, run into `r`) applied to CPython's modules, and
    `kitsh_tools` (its source compiled now for a snapshot, `warm` 1 or 2; else at its first
    import). Returns compat.py's `_MORE_PATCHES`."""
    refused, refusing, denied = r["_refused"], r["_refusing"], r["_DENIED"]
    import os
    for name in r["_OS_REFUSED"]:
        if name in ("system", "popen", "kill") or hasattr(os, name):
            setattr(os, name, refusing("os." + name))
    os.popen = refusing("subprocess")

    def subprocess_patch(subprocess):
        for name in r["_SUBPROCESS_REFUSED"]:
            setattr(subprocess, name, refusing("subprocess"))

    def socket_patch(socket):
        for name in r["_SOCKET_REFUSED"]:
            setattr(socket, name, refusing("socket"))

        class RefusedSocket(socket.socket):
            def __init__(self, *args, **kwargs):
                raise refused("socket")

        RefusedSocket.__name__ = RefusedSocket.__qualname__ = "socket"
        RefusedSocket.__module__ = "socket"
        socket.socket = socket.SocketType = RefusedSocket

    # Patched when a script imports them (compat.py's finder): importing them here would cost
    # every call their import.
    patches = {"subprocess": subprocess_patch, "socket": socket_patch}

    class Refuser:
        """multiprocessing is absent (an ImportError, worded as the sandbox's refusals). ctypes
        stays: on WASI it reaches nothing outside the guest (no dlopen), and pandas imports it."""
        DENIED = r["_MODULES_REFUSED"]

        @classmethod
        def find_spec(cls, name, path=None, target=None):
            what = cls.DENIED.get(name.partition(".")[0])
            if what is not None:
                # (Not ModuleNotFoundError: CPython rewords that one for standard modules.)
                raise ImportError("No module named %r: %s %s" % (name, what, denied), name=name)
            return None

    for name in list(sys.modules):
        if name.partition(".")[0] in Refuser.DENIED:
            del sys.modules[name]
    sys.meta_path.insert(0, Refuser)

    import _host, struct

    fields = _kitsh_fields

    class Door:
        """`_kitsh` of kitsh_tools.py, over the guest's door (wasi/mod.rs has the frames)."""

        @staticmethod
        def tools():
            f = [x.decode("utf-8", "replace") for x in fields(_host.call(b"T"))]
            return [tuple(f[i:i + 3]) for i in range(0, len(f), 3)]

        @staticmethod
        def call_tool(name, params, args, stdin, pack=struct.pack, unpack=struct.unpack_from):
            # Every tool call takes this path: a few C calls (wasi/mod.rs reads the frame).
            name = name.encode("utf-8", "surrogateescape")
            args = args.encode("utf-8", "surrogateescape")
            params = None if params is None else params.encode()
            answer = _host.call(pack("<c4i", b"C", len(name), -1 if params is None else len(params),
                                     len(args), -1 if stdin is None else len(stdin))
                                + name + (params or b"") + args + (stdin or b""))
            if answer[:1] != b"R":
                return None
            status, n = unpack("<iI", answer, 1)
            return status, answer[9:9 + n], answer[9 + n:]

    class ToolsLoader:
        code = None

        @classmethod
        def compiled(cls):
            if cls.code is None:
                cls.code = compile(_host.call(b"t").decode(), "<kitsh tools>", "exec")
            return cls.code

        def create_module(self, spec):
            return None

        def exec_module(self, module):
            module.__dict__["_kitsh"] = Door
            exec(self.compiled(), module.__dict__)

    class ToolsFinder:
        @classmethod
        def find_spec(cls, name, path=None, target=None):
            if name != "kitsh_tools" or not Door.tools():
                return None
            import importlib.util
            return importlib.util.spec_from_loader(name, ToolsLoader(), origin="kitsh")

    sys.meta_path.insert(1, ToolsFinder)
    if warm:
        ToolsLoader.compiled()
    return patches
