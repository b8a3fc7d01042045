# Run before every script by kitsh's `python3`: installs the sandbox (the VFS-backed `posix`
# module and `open()`, kitsh's pipes as sys.stdin/stdout/stderr, refused process/socket
# modules, imports of .py files from the virtual filesystem) and defines `_run`, which runs the
# script and turns its outcome into an exit status the way CPython does.
#
# Names set by the caller (kitsh, in Rust) in this module's globals: `_kitsh` (the native
# primitives), `_argv`, `_env` (list of (name, value)), `_cwd`, `_unbuffered`, `_isolated`,
# `_posix_code` (posix.py compiled), `_tools_py` (kitsh_tools.py's source).

import sys
import builtins
import _io as io

# kitsh keeps a byte that is not UTF-8 as the character U+10FF00 + byte; CPython gets it in
# argv and the environment as the surrogate U+DC00 + byte ("surrogateescape").
_RAW_BYTES = {0x10FF00 + b: 0xDC00 + b for b in range(0x80, 0x100)}


def _os_str(s):
    return s.translate(_RAW_BYTES) if "\U0010ff80" <= max(s, default="") else s


def _os_bytes(s):
    return _os_str(s).encode("utf-8", "surrogateescape")


# --- the `posix` module over the VFS ---------------------------------------------------
posix = type(sys)("posix")
posix.__dict__.update(_kitsh=_kitsh, _cwd=_cwd, _env={_os_bytes(k): _os_bytes(v) for k, v in _env})
exec(_posix_code, posix.__dict__)
sys.modules["posix"] = posix
if "posix" not in sys.builtin_module_names:
    sys.builtin_module_names = tuple(sys.builtin_module_names) + ("posix",)


# --- standard streams on kitsh's pipes ---------------------------------------------------
class _Pipe(io._RawIOBase):
    """File descriptor 0, 1 or 2 of the command: reads and writes go to kitsh's pipes."""

    # Set once the script has ended: what is still buffered is dropped when the interpreter
    # is torn down, as a process that has exited would lose it.
    ended = False

    def __init__(self, fd, name):
        self._fd = fd
        self._name = name

    name = property(lambda self: self._name)
    mode = property(lambda self: "rb" if self._fd == 0 else "wb")

    def readable(self):
        return self._fd == 0

    def writable(self):
        return self._fd != 0

    def seekable(self):
        return False

    def isatty(self):
        return False

    def fileno(self):
        return self._fd

    def readinto(self, b):
        if self._fd != 0:
            raise io.UnsupportedOperation("read")
        code, data = _kitsh.read(len(b))
        if code:
            raise OSError(code, posix.strerror(code))
        n = len(data)
        b[:n] = data
        return n

    def write(self, b):
        if self._fd == 0:
            raise io.UnsupportedOperation("write")
        if _Pipe.ended:
            return len(b)
        data = bytes(b)
        code, n = _kitsh.write(self._fd, data)
        if code:
            raise OSError(code, posix.strerror(code))
        return n


def _stream(fd, name):
    raw = _Pipe(fd, name)
    if fd == 0:
        return io.TextIOWrapper(io.BufferedReader(raw), encoding="utf-8", errors="strict")
    if fd == 2:
        return io.TextIOWrapper(io.BufferedWriter(raw, 1 if _unbuffered else 8192), encoding="utf-8",
                                errors="backslashreplace", line_buffering=True, write_through=_unbuffered)
    return io.TextIOWrapper(io.BufferedWriter(raw, 1 if _unbuffered else 8192), encoding="utf-8",
                            errors="strict", write_through=_unbuffered)


sys.stdin = sys.__stdin__ = _stream(0, "<stdin>")
sys.stdout = sys.__stdout__ = _stream(1, "<stdout>")
sys.stderr = sys.__stderr__ = _stream(2, "<stderr>")


# --- open() over the VFS ---------------------------------------------------------------
_open_files = {}


class _VfsFile(io.BytesIO):
    """An open VFS file: its bytes in memory, written back on flush()/close()."""

    def __init__(self, path, name, data, mode, readable, writable, append):
        io.BytesIO.__init__(self, data)
        self._path = path
        self.name = name
        self.mode = mode
        self._r = readable
        self._w = writable
        self._append = append
        self._dirty = False
        if append:
            self.seek(0, 2)
        _open_files[id(self)] = _weakref.ref(self)

    def __repr__(self):
        return "<_io.BufferedReader name=%r>" % (self.name,) if self._r and not self._w else \
            "<_io.BufferedWriter name=%r>" % (self.name,)

    def readable(self):
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        return self._r

    def writable(self):
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        return self._w

    def _need(self, ok, what):
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        if not ok:
            raise io.UnsupportedOperation(what)

    def read(self, size=-1):
        self._need(self._r, "read")
        return io.BytesIO.read(self, size)

    def read1(self, size=-1):
        self._need(self._r, "read")
        return io.BytesIO.read1(self, size)

    def readline(self, size=-1):
        self._need(self._r, "read")
        return io.BytesIO.readline(self, size)

    def readlines(self, hint=-1):
        self._need(self._r, "read")
        return io.BytesIO.readlines(self, hint)

    def readinto(self, b):
        self._need(self._r, "read")
        return io.BytesIO.readinto(self, b)

    def __iter__(self):
        self._need(self._r, "read")
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def write(self, b):
        self._need(self._w, "write")
        if self._append:
            self.seek(0, 2)
        self._dirty = True
        return io.BytesIO.write(self, b)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def truncate(self, size=None):
        self._need(self._w, "truncate")
        self._dirty = True
        return io.BytesIO.truncate(self, size)

    def fileno(self):
        raise io.UnsupportedOperation("fileno")

    def isatty(self):
        return False

    def flush(self):
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        if self._dirty:
            self._dirty = False
            code, _ = _kitsh.write_file(self._path, self.getvalue(), 0)
            if code:
                raise OSError(code, posix.strerror(code), self.name)

    def close(self):
        if self.closed:
            return
        _open_files.pop(id(self), None)
        try:
            self.flush()
        finally:
            io.BytesIO.close(self)

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


_MODE_CHARS = set("rwaxbt+U")
# The shell's descriptors as paths (they are not files of the VFS).
_STD_PATHS = {"/dev/stdin": 0, "/dev/fd/0": 0, "/dev/stdout": 1, "/dev/fd/1": 1,
              "/dev/stderr": 2, "/dev/fd/2": 2}


def open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None, closefd=True,
         opener=None):
    if not isinstance(mode, str):
        raise TypeError("open() argument 'mode' must be str, not %s" % type(mode).__name__)
    if not isinstance(file, (str, bytes, int)):
        file = posix.fspath(file)
    m = set(mode)
    kinds = sum(c in m for c in "rwax")
    if len(m) != len(mode) or not m <= _MODE_CHARS or kinds != 1 or ("b" in m and "t" in m):
        raise ValueError("invalid mode: %r" % mode)
    binary = "b" in m
    if binary and encoding is not None:
        raise ValueError("binary mode doesn't take an encoding argument")
    if binary and errors is not None:
        raise ValueError("binary mode doesn't take an errors argument")
    if binary and newline is not None:
        raise ValueError("binary mode doesn't take a newline argument")
    std = _STD_PATHS.get(file) if isinstance(file, str) else None
    if std is not None and closefd:
        file = std
    if isinstance(file, int):
        if file in (0, 1, 2):
            raw = _Pipe(file, file)
            if binary:
                return io.BufferedReader(raw) if file == 0 else io.BufferedWriter(raw)
            return io.TextIOWrapper(io.BufferedReader(raw) if file == 0 else io.BufferedWriter(raw),
                                    encoding="utf-8" if encoding in (None, "locale") else encoding,
                                    errors=errors, newline=newline, write_through=True)
        file_path = posix._fd(file).path
    elif opener is not None:
        # tempfile's way: the opener creates the file and returns its descriptor
        flags = {"r": posix.O_RDONLY, "w": posix.O_WRONLY | posix.O_CREAT | posix.O_TRUNC,
                 "a": posix.O_WRONLY | posix.O_CREAT | posix.O_APPEND,
                 "x": posix.O_WRONLY | posix.O_CREAT | posix.O_EXCL}[(m & set("rwax")).pop()]
        if "+" in m:
            flags = (flags & ~posix.O_WRONLY) | posix.O_RDWR
        fd = opener(file, flags)
        file_path = posix._fd(fd).path
        posix.close(fd)
        if "x" in m:
            m = (m - {"x"}) | {"w"}
    else:
        file_path = file
    path = posix._abs(file_path)
    plus = "+" in m
    readable = "r" in m or plus
    writable = "r" not in m or plus
    code, st = _kitsh.stat(path, True)
    exists = code == 0
    if exists and (st[0] & 0o170000) == 0o040000:
        raise IsADirectoryError(21, "Is a directory", file)
    if code and code != 2:
        raise OSError(code, posix.strerror(code), file)
    if "r" in m:
        if not exists:
            raise FileNotFoundError(2, "No such file or directory", file)
        data = posix._check(_kitsh.read_file(path), file)
    elif "x" in m:
        if exists:
            raise FileExistsError(17, "File exists", file)
        posix._check(_kitsh.write_file(path, b"", 2), file)
        data = b""
    elif "w" in m:
        posix._check(_kitsh.write_file(path, b"", 0), file)
        data = b""
    else:  # "a"
        if exists:
            data = posix._check(_kitsh.read_file(path), file)
        else:
            posix._check(_kitsh.write_file(path, b"", 2), file)
            data = b""
    f = _VfsFile(path, file, data, mode.replace("t", ""), readable, writable, "a" in m)
    if binary:
        return f
    if encoding is None or encoding == "locale":
        encoding = "utf-8"
    t = io.TextIOWrapper(f, encoding=encoding, errors=errors, newline=newline,
                         line_buffering=buffering == 1, write_through=True)
    try:
        t.mode = mode.replace("b", "")
    except (AttributeError, TypeError):
        pass
    return t


import _weakref

builtins.open = open
io.open = open
try:
    import io as _pyio
    _pyio.open = open
except ImportError:
    pass


def _close_all():
    for ref in list(_open_files.values()):
        f = ref()
        if f is not None:
            try:
                f.close()
            except Exception:
                pass


# --- refused modules: processes, sockets, foreign code ------------------------------------
def _stub(name, doc):
    mod = type(sys)(name)
    mod.__doc__ = doc
    sys.modules[name] = mod
    return mod


class SubprocessError(Exception):
    pass


class CalledProcessError(SubprocessError):
    def __init__(self, returncode, cmd, output=None, stderr=None):
        self.returncode, self.cmd, self.output, self.stderr = returncode, cmd, output, stderr

    stdout = property(lambda self: self.output)


class TimeoutExpired(SubprocessError):
    def __init__(self, cmd, timeout, output=None, stderr=None):
        self.cmd, self.timeout, self.output, self.stderr = cmd, timeout, output, stderr


_sp = _stub("subprocess", "Refused in the kitsh sandbox: no process can be started.")
for _n in _SUBPROCESS_REFUSED:
    setattr(_sp, _n, _refusing("subprocess"))
_sp.PIPE, _sp.STDOUT, _sp.DEVNULL = -1, -2, -3
_sp.SubprocessError, _sp.CalledProcessError, _sp.TimeoutExpired = SubprocessError, CalledProcessError, TimeoutExpired
_sp.CompletedProcess = type("CompletedProcess", (), {})
for _m in (SubprocessError, CalledProcessError, TimeoutExpired):
    _m.__module__ = "subprocess"

class _RefusedSocket:
    """socket.socket: a class (so subclasses and isinstance checks work) that cannot be made."""

    def __init__(self, *args, **kwargs):
        raise _refused("socket")


_RefusedSocket.__name__ = _RefusedSocket.__qualname__ = "socket"
_RefusedSocket.__module__ = "socket"

for _name in ("socket", "_socket"):
    _so = _stub(_name, "Refused in the kitsh sandbox: no network access.")
    for _n in _SOCKET_REFUSED:
        setattr(_so, _n, _refusing("socket"))
    _so.socket = _so.SocketType = _RefusedSocket
    _so._GLOBAL_DEFAULT_TIMEOUT = object()
    _so.has_ipv6 = False
    _so.SOL_SOCKET, _so.SO_REUSEADDR, _so.IPPROTO_TCP, _so.TCP_NODELAY, _so.SHUT_RDWR = 1, 2, 6, 1, 2
    _so.error = OSError
    _so.timeout = TimeoutError
    _so.herror = type("herror", (OSError,), {})
    _so.gaierror = type("gaierror", (OSError,), {})
    _so.AF_INET, _so.AF_INET6, _so.AF_UNIX, _so.SOCK_STREAM, _so.SOCK_DGRAM = 2, 10, 1, 1, 2
    # Linux's values of the constants the standard library names in defaults (asyncio's
    # `family=socket.AF_UNSPEC`, ...).
    for _n, _v in (("AF_UNSPEC", 0), ("AI_PASSIVE", 1), ("AI_CANONNAME", 2), ("AI_NUMERICHOST", 4),
                   ("AI_NUMERICSERV", 1024), ("NI_NUMERICHOST", 1), ("NI_NUMERICSERV", 2),
                   ("SHUT_RD", 0), ("SHUT_WR", 1), ("IPPROTO_IP", 0), ("IPPROTO_UDP", 17),
                   ("IPPROTO_IPV6", 41), ("IPV6_V6ONLY", 26), ("SO_KEEPALIVE", 9), ("SO_ERROR", 4),
                   ("SO_BROADCAST", 6), ("SO_REUSEPORT", 15), ("SOMAXCONN", 4096), ("SOCK_RAW", 3),
                   ("SOCK_NONBLOCK", 2048), ("SOCK_CLOEXEC", 524288), ("MSG_PEEK", 2)):
        setattr(_so, _n, _v)
    for _n in ("inet_pton", "inet_ntop", "inet_aton", "inet_ntoa"):
        setattr(_so, _n, _refusing("socket"))
    _so.gethostname = lambda: posix.uname().nodename
del _n, _name, _m


class _Refuser:
    """Meta path finder refusing the modules that exist only to run foreign code or processes.
    (Modules needing the host's OS interfaces — fcntl, pwd, select, termios, ... — are simply
    absent, as on a platform without them: `import fcntl` raises ModuleNotFoundError, which is
    what the standard library's optional imports expect.)"""
    DENIED = dict(_MODULES_REFUSED, ctypes="ctypes", _ctypes="ctypes")

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        what = cls.DENIED.get(name.partition(".")[0])
        if what is not None:
            raise _refused(what)
        return None


# `signal`: scripts install handlers (`signal.signal(SIGPIPE, SIG_DFL)`); no signal is ever
# delivered to a script in the sandbox, so handlers are recorded and never called.
_sig = _stub("signal", "Signals: handlers are recorded; none is ever delivered in the kitsh sandbox.")
_sig.SIG_DFL, _sig.SIG_IGN = 0, 1
for _n, _v in (("SIGHUP", 1), ("SIGINT", 2), ("SIGQUIT", 3), ("SIGKILL", 9), ("SIGUSR1", 10),
               ("SIGSEGV", 11), ("SIGUSR2", 12), ("SIGPIPE", 13), ("SIGALRM", 14), ("SIGTERM", 15),
               ("SIGCHLD", 17), ("SIGCONT", 18), ("SIGSTOP", 19), ("SIGTSTP", 20)):
    setattr(_sig, _n, _v)
_sig.NSIG = 65
_sig._handlers = {}


def _signal_signal(signalnum, handler):
    old = _sig._handlers.get(signalnum, _sig.SIG_DFL)
    _sig._handlers[signalnum] = handler
    return old


_sig.signal = _signal_signal
_sig.getsignal = lambda signalnum: _sig._handlers.get(signalnum, _sig.SIG_DFL)
_sig.alarm = lambda seconds: 0
_sig.default_int_handler = lambda *a: None
_sig.raise_signal = _refusing("signal.raise_signal")
_sig.pthread_kill = _refusing("signal.pthread_kill")
del _n, _v

sys.meta_path.insert(0, _Refuser)


# --- waiting, threads and event loops without the host's OS interfaces --------------------
# `select.select`: what selectors (and so asyncio) wait with. No socket can exist in the
# sandbox, and files and kitsh's pipes never make a reader wait for long, so every valid file
# descriptor is ready; waiting on nothing sleeps for the timeout (for ever: until the script's
# timeout ends it, as a loop waiting on a future nobody resolves does in CPython).
_sel = _stub("select", "Waiting for I/O: files and kitsh's pipes are always ready.")
_sel.error = OSError


def _select(rlist, wlist, xlist, timeout=None):
    ready = []
    for fds in (rlist, wlist, xlist):
        got = []
        for f in fds:
            posix.fstat(f if isinstance(f, int) else f.fileno())
            got.append(f)
        ready.append(got)
    if ready[0] or ready[1]:
        return ready[0], ready[1], []
    if timeout is None:
        while True:
            _kitsh.sleep(86400.0)
    if timeout < 0:
        raise ValueError("timeout must be non-negative")
    _kitsh.sleep(float(timeout))
    return [], [], []


# A plain function would become a method where selectors keeps it as a class attribute.
_sel.select = staticmethod(_select)


_thread = sys.modules.get("_thread")
_NO_THREADS = _thread is not None and not hasattr(_thread.RLock, "_is_owned")
if _NO_THREADS:
    # RustPython's `_thread` without threads: its RLock lacks what Condition asks of it.
    _thread.RLock._is_owned = lambda self: self.locked_count > 0
del _thread
# The standard modules both engines patch (compat.py) are patched when loaded; compat.py is
# appended to this file.


# --- imports of .py files from the virtual filesystem ---------------------------------------
class _VfsLoader:
    def __init__(self, path, is_pkg):
        self.path, self.is_pkg = path, is_pkg

    def create_module(self, spec):
        return None

    def get_source(self, name):
        return posix._check(_kitsh.read_file(self.path), self.path).decode("utf-8")

    def is_package(self, name):
        return self.is_pkg

    def get_code(self, name):
        return compile(self.get_source(name), self.path, "exec")

    def exec_module(self, module):
        module.__file__ = self.path
        code = compile(self.get_source(module.__name__), self.path, "exec")
        exec(code, module.__dict__)


class _VfsFinder:
    """Finds `name.py` / `name/__init__.py` in the sys.path directories of the VFS."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        import importlib.util
        tail = name.rpartition(".")[2]
        dirs = path if path is not None else sys.path
        for d in dirs:
            if not isinstance(d, str):
                continue
            base = posix._abs(d or ".")
            for cand, pkg in ((base + "/" + tail + "/__init__.py", True), (base + "/" + tail + ".py", False)):
                code, st = _kitsh.stat(cand, True)
                if code == 0 and (st[0] & 0o170000) == 0o100000:
                    spec = importlib.util.spec_from_loader(name, _VfsLoader(cand, pkg), origin=cand,
                                                           is_package=pkg)
                    if pkg:
                        spec.submodule_search_locations = [cand.rpartition("/")[0]]
                    return spec
        return None


sys.meta_path.append(_VfsFinder)


class _OwnFirst:
    """The script's own modules named as standard ones (`_unshadow`, compat.py), looked for in
    the first `sys.path` entry before the frozen standard library."""
    names = frozenset()

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if path is None and name in cls.names:
            return _VfsFinder.find_spec(name, sys.path[:1])
        return None


sys.meta_path.insert(0, _OwnFirst)


# --- `import kitsh_tools`: the shell's tools as functions (kitsh_tools.py) ------------------
class _ToolsLoader:
    def create_module(self, spec):
        return None

    def exec_module(self, module):
        module.__dict__["_kitsh"] = _kitsh
        exec(compile(_tools_py, "<kitsh tools>", "exec"), module.__dict__)


class _ToolsFinder:
    """Finds `kitsh_tools` in a shell that has tools (elsewhere it does not exist)."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name != "kitsh_tools" or not _kitsh.tools():
            return None
        import importlib.util
        return importlib.util.spec_from_loader(name, _ToolsLoader(), origin="kitsh")


sys.meta_path.insert(1, _ToolsFinder)


# --- time.sleep that stops when the script is cancelled --------------------------------------
import time as _time


def _sleep(secs):
    secs = float(secs)
    if secs < 0:
        raise ValueError("sleep length must be non-negative")
    _kitsh.sleep(secs)


_time.sleep = _sleep

sys.executable = "/usr/bin/python3"
sys.argv = [_os_str(a) for a in _argv]
sys.path = []


# --- running the script ----------------------------------------------------------------
def _status(exc):
    """The exit status for SystemExit `exc`, printing its message as CPython does."""
    code = exc.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    try:
        sys.stderr.write(str(code) + "\n")
    except Exception:
        pass
    return 1


def _is_broken_pipe(exc):
    return isinstance(exc, BrokenPipeError) or (isinstance(exc, OSError) and exc.errno == 32)


def _report(exc):
    """Print the traceback of uncaught `exc` without kitsh's own frames; the exit status."""
    if _kitsh.cancelled():
        return 1
    if _is_broken_pipe(exc):
        return 141
    try:
        import traceback
        # A runaway recursion leaves ~100 000 frames: formatting them all takes seconds here,
        # so only the outermost ones are shown (CPython would collapse them into one
        # "[Previous line repeated N more times]" line; N is then smaller).
        limit = getattr(sys, "tracebacklimit", None)
        if limit is None:
            depth, tb = 0, exc.__traceback__
            while tb is not None and depth <= 1000:
                depth, tb = depth + 1, tb.tb_next
            limit = 1000 if depth > 1000 else None
        te = traceback.TracebackException(type(exc), exc, exc.__traceback__, limit=limit)
        # kitsh's own frames (the runner, the sandbox's stubs) are not the script's business
        te.stack = traceback.StackSummary.from_list(
            [f for f in te.stack if not f.filename.startswith("<kitsh")])
        sys.stderr.write("".join(te.format()))
    except BaseException:
        try:
            sys.stderr.write("%s: %s\n" % (type(exc).__name__, exc))
        except BaseException:
            pass
    return 1


def _finish(status):
    if not _kitsh.cancelled():
        try:
            import atexit
            atexit._run_exitfuncs()
        except BaseException:
            pass
    _close_all()
    for s in (sys.stdout, sys.stderr):
        try:
            if not s.closed:
                s.flush()
        except BaseException as e:
            if _is_broken_pipe(e):
                return 141
            return 120
    return status


def _run(kind, payload, filename, isolated):
    """Run the script: kind is "source" (-c, stdin) or "file" (payload = its text), or "module"
    (payload = the module's name, -m). Its exit status."""
    try:
        return _run_script(kind, payload, filename, isolated)
    finally:
        _Pipe.ended = True


def _run_script(kind, payload, filename, isolated):
    try:
        if kind == "module":
            import runpy
            if not isolated:
                sys.path.insert(0, posix.getcwd())
                _OwnFirst.names = _unshadow(sys.path[0])
            main = type(sys)("__main__")
            main.__dict__.update(__builtins__=builtins)
            sys.modules["__main__"] = main
            runpy._run_module_as_main(payload, True)
        else:
            if not isolated:
                sys.path.insert(0, posix._path_normpath(filename.rpartition("/")[0] or ".")
                                if kind == "file" else posix.getcwd())
                _OwnFirst.names = _unshadow(sys.path[0])
            main = type(sys)("__main__")
            main.__dict__.update(__builtins__=builtins, __spec__=None, __loader__=None,
                                 __annotations__={})
            if kind == "file":
                main.__file__ = filename
            sys.modules["__main__"] = main
            code = compile(payload, filename, "exec")
            exec(code, main.__dict__)
        status = 0
    except SystemExit as e:
        status = _status(e)
    except posix._Exit as e:
        return e.args[0]  # as CPython: buffered output is lost, atexit handlers do not run
    except BaseException as e:
        status = _report(e)
    return _finish(status)
