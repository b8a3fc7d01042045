# kitsh's `posix` module: the part of CPython's posixmodule that `os`, `os.path`, `shutil`,
# `pathlib`, `glob` and `tempfile` build on, implemented over kitsh's virtual filesystem
# through the native `_kitsh` primitives. No host file, process or socket is reachable from
# here: every path goes to the VFS, every process or socket call raises PermissionError.
#
# Executed in the namespace of the module object registered as `posix` before the script
# runs; `_kitsh`, `_cwd` and `_env` are set by the caller.

import sys as _sys

_STRERROR = {
    1: "Operation not permitted", 2: "No such file or directory", 5: "Input/output error",
    9: "Bad file descriptor", 13: "Permission denied", 17: "File exists",
    18: "Invalid cross-device link", 20: "Not a directory", 21: "Is a directory",
    22: "Invalid argument", 24: "Too many open files", 27: "File too large",
    28: "No space left on device", 29: "Illegal seek", 30: "Read-only file system",
    32: "Broken pipe", 36: "File name too long", 39: "Directory not empty",
    40: "Too many levels of symbolic links",
}

F_OK, X_OK, W_OK, R_OK = 0, 1, 2, 4
O_RDONLY, O_WRONLY, O_RDWR = 0, 1, 2
O_CREAT, O_EXCL, O_NOCTTY, O_TRUNC, O_APPEND, O_NONBLOCK = 0o100, 0o200, 0o400, 0o1000, 0o2000, 0o4000
O_DIRECTORY, O_NOFOLLOW, O_CLOEXEC = 0o200000, 0o400000, 0o2000000
SEEK_SET, SEEK_CUR, SEEK_END = 0, 1, 2
EX_OK = 0
_have_functions = []
error = OSError


def strerror(code):
    return _STRERROR.get(code, "Unknown error %d" % code)


def _raise(code, *names):
    raise OSError(code, strerror(code), *names)


def _refuse(what):
    raise _refused(what)


def fspath(path):
    if isinstance(path, (str, bytes)):
        return path
    t = type(path)
    try:
        fs = t.__fspath__
    except AttributeError:
        raise TypeError("expected str, bytes or os.PathLike object, not " + t.__name__) from None
    r = fs(path)
    if isinstance(r, (str, bytes)):
        return r
    raise TypeError("expected %s.__fspath__() to return str or bytes, not %s"
                    % (t.__name__, type(r).__name__))


def _str(path):
    """The path as str (bytes decoded with surrogateescape), for messages and the VFS."""
    if isinstance(path, int):
        _raise(9)
    p = fspath(path)
    if isinstance(p, bytes):
        p = p.decode("utf-8", "surrogateescape")
    if "\0" in p:
        raise ValueError("embedded null byte")
    return p


def _abs(path):
    p = _str(path)
    if p == "":
        _raise(2, path)
    if not p.startswith("/"):
        p = _cwd + "/" + p
    return p


def _check(result, *names):
    code, value = result
    if code:
        _raise(code, *names)
    return value


class stat_result(tuple):
    """os.stat_result: the 10 classic fields by index, the rest as attributes."""
    n_sequence_fields = 10
    n_fields = 16
    n_unnamed_fields = 3

    def __new__(cls, seq, extra=None):
        seq = tuple(seq)
        self = tuple.__new__(cls, seq[:10])
        times = seq[7:10]
        if extra is None:
            extra = {}
        self._f = dict(extra)
        for name, t in zip(("st_atime", "st_mtime", "st_ctime"), times):
            self._f.setdefault(name, float(t))
            self._f.setdefault(name + "_ns", int(float(t) * 1_000_000_000))
        self._f.setdefault("st_blksize", 4096)
        self._f.setdefault("st_blocks", (seq[6] + 511) // 512)
        self._f.setdefault("st_rdev", 0)
        return self

    def __reduce__(self):
        return (stat_result, (tuple(self), self._f))

    st_mode = property(lambda s: s[0])
    st_ino = property(lambda s: s[1])
    st_dev = property(lambda s: s[2])
    st_nlink = property(lambda s: s[3])
    st_uid = property(lambda s: s[4])
    st_gid = property(lambda s: s[5])
    st_size = property(lambda s: s[6])
    st_atime = property(lambda s: s._f["st_atime"])
    st_mtime = property(lambda s: s._f["st_mtime"])
    st_ctime = property(lambda s: s._f["st_ctime"])
    st_atime_ns = property(lambda s: s._f["st_atime_ns"])
    st_mtime_ns = property(lambda s: s._f["st_mtime_ns"])
    st_ctime_ns = property(lambda s: s._f["st_ctime_ns"])
    st_blksize = property(lambda s: s._f["st_blksize"])
    st_blocks = property(lambda s: s._f["st_blocks"])
    st_rdev = property(lambda s: s._f["st_rdev"])

    def __repr__(self):
        names = ("st_mode", "st_ino", "st_dev", "st_nlink", "st_uid", "st_gid", "st_size",
                 "st_atime", "st_mtime", "st_ctime")
        vals = [self[i] if i < 7 else int(self[i]) for i in range(10)]
        return "os.stat_result(%s)" % ", ".join("%s=%r" % (n, v) for n, v in zip(names, vals))


stat_result.__module__ = "os"


def _stat_of(t):
    # t = (mode_with_type_bits, ino, nlink, uid, gid, size, mtime)
    mode, ino, nlink, uid, gid, size, mtime = t
    return stat_result((mode, ino, 1, nlink, uid, gid, size, mtime, mtime, mtime))


class terminal_size(tuple):
    """os.terminal_size((columns, lines))."""
    def __new__(cls, seq):
        return tuple.__new__(cls, tuple(seq)[:2])
    columns = property(lambda s: s[0])
    lines = property(lambda s: s[1])
    def __repr__(self):
        return "os.terminal_size(columns=%d, lines=%d)" % self


def get_terminal_size(fd=1):
    _raise(25 if fd in (0, 1, 2) else 9)


_STRERROR[25] = "Inappropriate ioctl for device"


def stat(path, *, dir_fd=None, follow_symlinks=True):
    if isinstance(path, int):
        return fstat(path)
    return _stat_of(_check(_kitsh.stat(_abs(path), follow_symlinks), path))


def lstat(path, *, dir_fd=None):
    return stat(path, follow_symlinks=False)


def access(path, mode, *, dir_fd=None, effective_ids=False, follow_symlinks=True):
    try:
        st = stat(path, follow_symlinks=follow_symlinks)
    except OSError:
        return False
    if mode & W_OK and not st.st_mode & 0o222:
        return False
    if mode & X_OK and not st.st_mode & 0o111:
        return False
    return True


def getcwd():
    return _cwd


def getcwdb():
    return _cwd.encode("utf-8", "surrogateescape")


def chdir(path):
    global _cwd
    p = _abs(path)
    st = stat(p)
    if not (st.st_mode & 0o170000) == 0o040000:
        _raise(20, path)
    _cwd = _check(_kitsh.realpath(p), path)


def listdir(path="."):
    names = [n for n, _ in _check(_kitsh.listdir(_abs(path)), path)]
    if isinstance(path, bytes):
        return [n.encode("utf-8", "surrogateescape") for n in names]
    return names


class DirEntry:
    """os.DirEntry as returned by scandir()."""
    __slots__ = ("name", "path", "_kind", "_stat", "_lstat")

    def __init__(self, name, path, kind):
        self.name, self.path, self._kind = name, path, kind
        self._stat = self._lstat = None

    def __repr__(self):
        return "<DirEntry %r>" % (self.name,)

    def __fspath__(self):
        return self.path

    def is_symlink(self):
        return self._kind == "l"

    def is_dir(self, *, follow_symlinks=True):
        if self._kind == "l" and follow_symlinks:
            try:
                return (self.stat().st_mode & 0o170000) == 0o040000
            except OSError:
                return False
        return self._kind == "d"

    def is_file(self, *, follow_symlinks=True):
        if self._kind == "l" and follow_symlinks:
            try:
                return (self.stat().st_mode & 0o170000) == 0o100000
            except OSError:
                return False
        return self._kind == "f"

    def is_junction(self):
        return False

    def stat(self, *, follow_symlinks=True):
        if follow_symlinks:
            if self._stat is None:
                self._stat = stat(self.path)
            return self._stat
        if self._lstat is None:
            self._lstat = lstat(self.path)
        return self._lstat

    def inode(self):
        return self.stat(follow_symlinks=False).st_ino

    @classmethod
    def __class_getitem__(cls, item):
        return cls


DirEntry.__module__ = "os"


class _ScandirIterator:
    def __init__(self, entries):
        self._it = iter(entries)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()

    def close(self):
        self._it = iter(())


def scandir(path="."):
    if isinstance(path, int):
        _raise(9)
    raw = _check(_kitsh.listdir(_abs(path)), path)
    base = fspath(path)
    isbytes = isinstance(base, bytes)
    if isbytes:
        base = base.decode("utf-8", "surrogateescape")
    out = []
    for name, kind in raw:
        full = base + name if base.endswith("/") else base + "/" + name
        if isbytes:
            out.append(DirEntry(name.encode("utf-8", "surrogateescape"),
                                full.encode("utf-8", "surrogateescape"), kind))
        else:
            out.append(DirEntry(name, full, kind))
    return _ScandirIterator(out)


def mkdir(path, mode=0o777, *, dir_fd=None):
    _check(_kitsh.mkdir(_abs(path)), path)


def rmdir(path, *, dir_fd=None):
    _check(_kitsh.rmdir(_abs(path)), path)


def unlink(path, *, dir_fd=None):
    _check(_kitsh.unlink(_abs(path)), path)


remove = unlink


def rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
    _check(_kitsh.rename(_abs(src), _abs(dst)), src, dst)


replace = rename


def symlink(src, dst, target_is_directory=False, *, dir_fd=None):
    _check(_kitsh.symlink(_str(src), _abs(dst)), src, dst)


def link(src, dst, *, src_dir_fd=None, dst_dir_fd=None, follow_symlinks=True):
    _check(_kitsh.link(_abs(src), _abs(dst)), src, dst)


def readlink(path, *, dir_fd=None):
    r = _check(_kitsh.readlink(_abs(path)), path)
    return r.encode("utf-8", "surrogateescape") if isinstance(fspath(path), bytes) else r


def chmod(path, mode, *, dir_fd=None, follow_symlinks=True):
    if isinstance(path, int):
        path = _fd(path).path
    _check(_kitsh.chmod(_abs(path), mode & 0o7777), path)


def lchmod(path, mode):
    chmod(path, mode)


def chown(path, uid, gid, *, dir_fd=None, follow_symlinks=True):
    _raise(1, path)


def utime(path, times=None, *, ns=None, dir_fd=None, follow_symlinks=True):
    if isinstance(path, int):
        path = _fd(path).path
    if ns is not None:
        mtime = ns[1] / 1e9
    elif times is not None:
        mtime = float(times[1])
    else:
        mtime = -1.0
    _check(_kitsh.utime(_abs(path), mtime), path)


def truncate(path, length):
    if isinstance(path, int):
        return ftruncate(path, length)
    p = _abs(path)
    data = _check(_kitsh.read_file(p), path)
    data = data[:length] + b"\0" * max(0, length - len(data))
    _check(_kitsh.write_file(p, data, 0), path)


def _path_normpath(path):
    # posixpath.normpath without the import of posixpath (it imports us)
    if isinstance(path, bytes):
        return _path_normpath(path.decode("utf-8", "surrogateescape")).encode("utf-8", "surrogateescape")
    if not path:
        return "."
    initial = 2 if path.startswith("//") and not path.startswith("///") else (1 if path.startswith("/") else 0)
    comps = []
    for c in path.split("/"):
        if c in ("", "."):
            continue
        if c != ".." or (not initial and not comps) or (comps and comps[-1] == ".."):
            comps.append(c)
        elif comps:
            comps.pop()
    path = "/".join(comps)
    if initial:
        path = "/" * initial + path
    return path or "."


# --- file descriptors: a small table over VFS paths (tempfile, os.open/read/write) ---

class _Fd:
    __slots__ = ("path", "pos", "flags")

    def __init__(self, path, flags):
        self.path, self.pos, self.flags = path, 0, flags


_fds = {}
_next_fd = [3]


def _fd(fd):
    if fd in (0, 1, 2):
        _raise(29)
    f = _fds.get(fd)
    if f is None:
        _raise(9)
    return f


def open(path, flags, mode=0o777, *, dir_fd=None):
    p = _abs(path)
    exists = _kitsh.stat(p, True)[0] == 0
    if flags & O_CREAT and flags & O_EXCL and exists:
        _raise(17, path)
    if not exists:
        if not flags & O_CREAT:
            _raise(2, path)
        _check(_kitsh.write_file(p, b"", 2), path)
    elif flags & O_TRUNC and flags & 3:
        _check(_kitsh.write_file(p, b"", 0), path)
    fd = _next_fd[0]
    _next_fd[0] += 1
    _fds[fd] = _Fd(p, flags)
    return fd


def close(fd):
    if fd in (0, 1, 2):
        return
    if _fds.pop(fd, None) is None:
        _raise(9)


def closerange(lo, hi):
    for fd in list(_fds):
        if lo <= fd < hi:
            del _fds[fd]


def read(fd, n):
    if fd == 0:
        return _check(_kitsh.read(n))
    if fd > 2 and fd not in _fds:
        return _check(_kitsh.read_fd(fd, n))
    f = _fd(fd)
    data = _check(_kitsh.read_file(f.path), f.path)
    chunk = data[f.pos:f.pos + n]
    f.pos += len(chunk)
    return chunk


def write(fd, data):
    data = bytes(data)
    if fd in (1, 2):
        return _check(_kitsh.write(fd, data))
    f = _fd(fd)
    if f.flags & O_APPEND:
        _check(_kitsh.write_file(f.path, data, 1), f.path)
        return len(data)
    old = _check(_kitsh.read_file(f.path), f.path)
    if f.pos > len(old):
        old = old + b"\0" * (f.pos - len(old))
    new = old[:f.pos] + data + old[f.pos + len(data):]
    _check(_kitsh.write_file(f.path, new, 0), f.path)
    f.pos += len(data)
    return len(data)


def lseek(fd, pos, how):
    f = _fd(fd)
    if how == SEEK_SET:
        f.pos = pos
    elif how == SEEK_CUR:
        f.pos += pos
    elif how == SEEK_END:
        f.pos = fstat(fd).st_size + pos
    else:
        _raise(22)
    if f.pos < 0:
        f.pos = 0
        _raise(22)
    return f.pos


def fstat(fd):
    if fd in (0, 1, 2):
        return stat_result((0o010600, 0, 0, 1, 1000, 1000, 0, 0, 0, 0))
    return stat(_fd(fd).path)


def ftruncate(fd, length):
    truncate(_fd(fd).path, length)


def fsync(fd):
    if fd not in (0, 1, 2):
        _fd(fd)


def isatty(fd):
    return False


def device_encoding(fd):
    return None


def get_inheritable(fd):
    return False


def set_inheritable(fd, inheritable):
    pass


def get_blocking(fd):
    return True


def set_blocking(fd, blocking):
    pass


def dup(fd):
    f = _fd(fd)
    new = _next_fd[0]
    _next_fd[0] += 1
    _fds[new] = _Fd(f.path, f.flags)
    return new


def pipe():
    _refuse("pipe")


# --- process identity and environment ---

def getpid():
    return 4242


def getppid():
    return 4241


def getuid():
    return 1000


geteuid = getuid


def getgid():
    return 1000


getegid = getgid


def getgroups():
    return [1000]


def getlogin():
    return _env.get(b"USER", b"user").decode("utf-8", "surrogateescape")


def umask(mask):
    return 0o022


def cpu_count():
    return 1


def uname():
    return uname_result(("Linux", _env.get(b"HOSTNAME", b"kitsh").decode("utf-8", "surrogateescape"),
                         "6.1.0", "#1 SMP kitsh", "x86_64"))


class uname_result(tuple):
    sysname = property(lambda s: s[0])
    nodename = property(lambda s: s[1])
    release = property(lambda s: s[2])
    version = property(lambda s: s[3])
    machine = property(lambda s: s[4])


def urandom(n):
    """n bytes from the operating system's secure source (getrandom), as CPython's."""
    n = int(n)
    if n < 0:
        raise ValueError("negative argument not allowed")
    if not n:
        return b""
    data = _kitsh.urandom(n)
    if data is None:
        raise OSError(5, "no secure random source")
    return data


def register_at_fork(*, before=None, after_in_child=None, after_in_parent=None):
    """No process is ever forked in the sandbox: the callbacks are never called."""


def putenv(key, value):
    pass


def unsetenv(key):
    pass


def times():
    import time
    t = time.process_time()
    return (t, 0.0, 0.0, 0.0, time.monotonic())


# --- processes and signals: refused ---

for _n in _OS_REFUSED + (
        "waitpid", "wait", "wait3", "wait4", "waitstatus_to_exitcode", "setsid", "setpgid", "nice",
        "chroot", "mkfifo", "mknod", "openpty"):
    globals()[_n] = _refusing("os." + _n)
del _n


class _Exit(BaseException):
    """os._exit(code): ends the script at once (no atexit handlers; kitsh's runner catches it)."""


def _exit(code):
    raise _Exit(int(code) & 0xFF)


def WIFEXITED(status):
    return True


def WEXITSTATUS(status):
    return (status >> 8) & 0xff


environ = _env
