# The sandbox's refusals, in the same words on both of kitsh's Python engines: put before
# posix.py and prelude.py on RustPython (interp.rs); run by the WASI driver into compat.py's
# namespace (wasi/driver.py). Only definitions: each engine applies them its own way
# (RustPython's process and socket modules are kitsh's stubs, the WASI engine's are CPython's,
# patched).

_DENIED = "is disabled in the kitsh sandbox"


def _refused(what):
    """The error a refused operation raises (`what` names it: `subprocess`, `os.fork`, ...)."""
    return PermissionError(1, "Operation not permitted", "%s %s" % (what, _DENIED))


def _refusing(what):
    """A function that refuses, named as the last part of `what`."""
    def refused(*args, **kwargs):
        raise _refused(what)
    refused.__name__ = what.rsplit(".", 1)[-1]
    return refused


# `os` functions that start, replace, wait for or signal processes (refused as `os.NAME`).
_OS_REFUSED = (
    "system", "popen", "fork", "forkpty", "execv", "execve", "execvp", "execvpe", "execl",
    "execle", "execlp", "execlpe", "spawnv", "spawnve", "spawnvp", "spawnvpe", "spawnl",
    "spawnle", "spawnlp", "spawnlpe", "posix_spawn", "posix_spawnp", "kill", "killpg")
# `subprocess` functions and `socket` functions (refused as `subprocess` and `socket`).
_SUBPROCESS_REFUSED = ("run", "call", "check_call", "check_output", "Popen", "getoutput",
                       "getstatusoutput")
_SOCKET_REFUSED = ("create_connection", "create_server", "socketpair", "getaddrinfo",
                   "gethostbyname", "gethostbyname_ex", "gethostbyaddr", "getnameinfo", "fromfd")
# Modules refused at import (each top-level name, and what the error calls it). RustPython adds
# ctypes; CPython on WASI keeps it (it reaches nothing outside the guest, and pandas imports it).
_MODULES_REFUSED = {"multiprocessing": "multiprocessing", "_multiprocessing": "multiprocessing"}
