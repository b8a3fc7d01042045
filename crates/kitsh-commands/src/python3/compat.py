# Patches of standard modules that both of kitsh's Python engines apply (RustPython's
# prelude.py and the WASI driver run this): each is applied when its module is loaded. Expects
# `sys`, `_refused(what)` (the sandbox's PermissionError) and `_NO_THREADS` (no thread can start
# beside the script) in its globals, and may find
# `_MORE_PATCHES` there (more module name: patch pairs).


def _no_self_pipe(module):
    """asyncio's selector loop wakes itself through a socketpair; the sandbox has none, and no
    other thread that would need to wake it."""
    def make(self):
        self._ssock = self._csock = None

    module.BaseSelectorEventLoop._make_self_pipe = make
    module.BaseSelectorEventLoop._close_self_pipe = lambda self: None


def _threadless_pool(module):
    """No thread runs beside the script (RustPython's run to their end as they start; CPython
    on WASI has none): a ThreadPoolExecutor runs each submitted call at once, on the caller's
    thread."""
    import queue

    def run_submitted(self):
        ctx = self.__dict__.get("_kitsh_ctx")
        if ctx is None:
            ctx = self._kitsh_ctx = self._create_worker_context()
            try:
                ctx.initialize()
            except BaseException:
                module._base.LOGGER.critical("Exception in initializer:", exc_info=True)
                self._initializer_failed()
                return
        while True:
            try:
                item = self._work_queue.get_nowait()
            except queue.Empty:
                return
            if item is not None:
                item.run(ctx)

    module.ThreadPoolExecutor._adjust_thread_count = run_submitted


def _threads_run_at_start(module):
    """CPython on WASI cannot start a thread: `Thread.start` runs the thread's work at once,
    to its end, as RustPython's threads do (`join` then returns at once)."""
    Thread = module.Thread

    def start(self):
        if self._started.is_set():
            raise RuntimeError("threads can only be started once")
        self._started.set()
        try:
            self.run()
        except SystemExit:
            pass
        except BaseException:
            hook = getattr(self, "_invoke_excepthook", None)
            if hook is not None:
                hook(self)
            else:
                module.excepthook(module.ExceptHookArgs(sys.exc_info() + (self,)))
        finally:
            self._kitsh_done = True

    def join(self, timeout=None):
        if not self._started.is_set():
            raise RuntimeError("cannot join thread before it is started")

    Thread.start = start
    Thread.join = join
    Thread.is_alive = lambda self: self._started.is_set() and not getattr(self, "_kitsh_done", False)


def _no_network(module):
    """asyncio's network entry points are refused at once, with the socket module's words (no
    socket can exist in the sandbox)."""
    async def refused(self, *args, **kwargs):
        raise _refused("socket")

    for cls in (getattr(module, "BaseEventLoop", None), getattr(module, "_UnixSelectorEventLoop", None)):
        for name in ("create_connection", "create_server", "create_datagram_endpoint",
                     "create_unix_connection", "create_unix_server", "connect_accepted_socket",
                     "getaddrinfo", "getnameinfo", "sock_connect", "sock_accept"):
            if cls is not None and name in cls.__dict__:
                setattr(cls, name, refused)


_PATCHES = {"asyncio.selector_events": _no_self_pipe, "asyncio.base_events": _no_network,
            "asyncio.unix_events": _no_network}
if _NO_THREADS:
    _PATCHES["concurrent.futures.thread"] = _threadless_pool
if sys.platform == "wasi":
    _PATCHES["threading"] = _threads_run_at_start
# The engine's own (the WASI driver's refusals).
_PATCHES.update(globals().get("_MORE_PATCHES") or {})


class _PatchingLoader:
    """Loads a standard module with its own loader, then applies its sandbox patch."""

    def __init__(self, loader, patch):
        self._loader, self._patch = loader, patch

    def __getattr__(self, name):
        return getattr(self._loader, name)

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        self._patch(module)


class _Patcher:
    """Meta path finder: the modules named in `_PATCHES` are patched once loaded."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        patch = _PATCHES.get(name)
        if patch is None:
            return None
        for finder in sys.meta_path:
            if finder is not cls and hasattr(finder, "find_spec"):
                spec = finder.find_spec(name, path, target)
                if spec is not None:
                    spec.loader = _PatchingLoader(spec.loader, patch)
                    return spec
        return None


sys.meta_path.insert(0, _Patcher)
# What is loaded already is patched now.
for _name, _patch in _PATCHES.items():
    if _name in sys.modules:
        _patch(sys.modules[_name])


# The modules CPython has loaded when a script starts (3.11, `python3 -I -c ...`): a script's
# own module of one of these names never shadows it.
_STARTUP = frozenset((
    "__main__", "_abc", "_codecs", "_collections_abc", "_frozen_importlib",
    "_frozen_importlib_external", "_imp", "_io", "_signal", "_sitebuiltins", "_stat", "_thread",
    "_warnings", "_weakref", "abc", "builtins", "codecs", "encodings", "genericpath", "io",
    "marshal", "os", "posix", "posixpath", "site", "stat", "sys", "time", "zipimport"))


def _unshadow(where, startup=_STARTUP):
    """A module of the script's own beside it (`json.py`, `json/__init__.py` in `where`, the
    first entry of `sys.path`) comes before the standard one, as in CPython, though kitsh's
    engines start with more of the standard library imported (or frozen): those already
    imported are forgotten. The names of such modules (the engine may need to look for them
    in `where` first)."""
    import os
    try:
        names = os.listdir(where or ".")
    except OSError:
        return frozenset()
    loaded = {m.partition(".")[0] for m in sys.modules}
    std = (loaded | set(getattr(sys, "stdlib_module_names", ()))) - startup
    mine = set()
    for n in names:
        if n.endswith(".py") and n[:-3] in std:
            mine.add(n[:-3])
        elif n in std and os.path.isfile(os.path.join(where or ".", n, "__init__.py")):
            mine.add(n)
    for m in [m for m in sys.modules if m.partition(".")[0] in mine]:
        del sys.modules[m]
    return frozenset(mine)
