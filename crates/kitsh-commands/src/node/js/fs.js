// `fs` on kitsh's virtual filesystem: the synchronous functions, their callback forms,
// `fs.promises`, descriptors (`openSync`/`readSync`/`writeSync`, 0-2 being the standard
// streams), read and write streams, with Node's errors (`ENOENT: no such file or directory,
// open 'x'`, `err.code`, `err.errno`, `err.syscall`, `err.path`).

const k = internals.k;
const pathMod = require('path');
const { Buffer } = require('buffer');
const EventEmitter = require('events');

const DESCRIPTIONS = {
  ENOENT: 'no such file or directory', EEXIST: 'file already exists', EISDIR: 'illegal operation on a directory',
  ENOTDIR: 'not a directory', ENOTEMPTY: 'directory not empty', EACCES: 'permission denied', EROFS: 'read-only file system',
  ENOSPC: 'no space left on device', ELOOP: 'too many symbolic links encountered', EINVAL: 'invalid argument',
  EXDEV: 'cross-device link not permitted', ENAMETOOLONG: 'name too long', EIO: 'i/o error', ENOTSUP: 'operation not supported on socket',
  EPERM: 'operation not permitted', EBADF: 'bad file descriptor', EINTR: 'interrupted system call',
};
const ERRNO = {
  ENOENT: -2, EEXIST: -17, EISDIR: -21, ENOTDIR: -20, ENOTEMPTY: -39, EACCES: -13, EROFS: -30, ENOSPC: -28, ELOOP: -40,
  EINVAL: -22, EXDEV: -18, ENAMETOOLONG: -36, EIO: -5, ENOTSUP: -95, EPERM: -1, EBADF: -9, EINTR: -4,
};

function uvError(code, syscall, path, dest) {
  let msg = `${code}: ${DESCRIPTIONS[code] || 'unknown error'}, ${syscall}`;
  if (path !== undefined) msg += ` '${path}'`;
  if (dest !== undefined) msg += ` -> '${dest}'`;
  const e = new Error(msg);
  e.errno = ERRNO[code] || -5;
  e.code = code;
  e.syscall = syscall;
  if (path !== undefined) e.path = path;
  if (dest !== undefined) e.dest = dest;
  return e;
}

// Run a native with Node's error for its failure.
function call(syscall, path, dest, f) {
  try {
    return f();
  } catch (err) {
    if (err instanceof Error && /^E[A-Z]+$/.test(err.message)) {
      const e = uvError(err.message, syscall, path, dest);
      Error.captureStackTrace(e, call);
      throw e;
    }
    throw err;
  }
}

function invalidArgType(name, expected, value) {
  const e = new TypeError(`The "${name}" argument must be ${expected}. Received ${require('util').describeReceived(value)}`);
  e.code = 'ERR_INVALID_ARG_TYPE';
  return e;
}

// The shown path (as given) and the absolute one.
function toPath(p, name = 'path') {
  if (typeof p === 'object' && p !== null && typeof p.href === 'string' && typeof p.protocol === 'string') {
    if (p.protocol !== 'file:') {
      const e = new TypeError('The URL must be of scheme file');
      e.code = 'ERR_INVALID_URL_SCHEME';
      throw e;
    }
    p = decodeURIComponent(p.pathname);
  } else if (p instanceof Uint8Array) {
    p = k.decode(p);
  }
  if (typeof p !== 'string') throw invalidArgType(name, 'of type string or an instance of Buffer or URL', p);
  if (p.includes('\u0000')) {
    const e = new TypeError(`The argument '${name}' must be a string, Uint8Array, or URL without null bytes. Received ${require('util').inspect(p)}`);
    e.code = 'ERR_INVALID_ARG_VALUE';
    throw e;
  }
  return p;
}

function abs(p) {
  return pathMod.resolve(process.cwd(), p);
}

function encodingOf(options, fallback) {
  if (typeof options === 'string') return options;
  if (options && typeof options === 'object' && options.encoding !== undefined) return options.encoding;
  return fallback;
}

function flagOf(options, fallback) {
  if (options && typeof options === 'object' && options.flag !== undefined) return options.flag;
  return fallback;
}

function readAllStdin() {
  const chunks = [];
  for (;;) {
    const c = k.readStdin();
    if (c === null) break;
    chunks.push(c);
  }
  return Buffer.concat(chunks);
}

function bytesOfData(data, encoding, name = 'data') {
  if (typeof data === 'string') return encoding && encoding !== 'utf8' && encoding !== 'utf-8' ? Buffer.from(data, encoding) : data;
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw invalidArgType(name, 'of type string or an instance of Buffer, TypedArray, or DataView', data);
}

// ---- descriptors ------------------------------------------------------------------------------
const fds = new Map();
let nextFd = 3;

function fdEntry(fd, syscall) {
  const e = fds.get(fd);
  if (e === undefined) throw uvError('EBADF', syscall);
  return e;
}

// ---- synchronous -------------------------------------------------------------------------------
function readFileSync(path, options) {
  const encoding = encodingOf(options, null);
  let bytes;
  if (path === 0 || path === '/dev/stdin') {
    bytes = readAllStdin();
  } else if (typeof path === 'number') {
    const e = fdEntry(path, 'read');
    bytes = Buffer.from(call('read', undefined, undefined, () => k.readFile(e.abs)).subarray(e.pos));
  } else {
    const p = toPath(path);
    const raw = call('open', p, undefined, () => {
      const st = k.stat(abs(p), true);
      if (st !== null && st[0] === 'd') throw uvError('EISDIR', 'read');
      return k.readFile(abs(p));
    });
    bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.length);
  }
  if (encoding) return encoding === 'utf8' || encoding === 'utf-8' ? k.decode(bytes) : bytes.toString(encoding);
  return bytes;
}

const MODE = { w: 0, 'w+': 0, a: 1, 'a+': 1, wx: 2, 'wx+': 2, xw: 2, ax: 2, 'ax+': 2 };

function writeFileSync(path, data, options) {
  const encoding = encodingOf(options, 'utf8');
  const flag = flagOf(options, 'w');
  const bytes = bytesOfData(data, encoding);
  if (path === 1 || path === 2) {
    k.write(path, bytes);
    return;
  }
  if (typeof path === 'number') {
    writeSync(path, bytes);
    return;
  }
  const p = toPath(path, 'file');
  call('open', p, undefined, () => k.writeFile(abs(p), bytes, MODE[flag] === undefined ? 0 : MODE[flag]));
}

function appendFileSync(path, data, options) {
  const opts = typeof options === 'string' ? { encoding: options } : Object.assign({}, options);
  return writeFileSync(path, data, Object.assign(opts, { flag: opts.flag || 'a' }));
}

function existsSync(path) {
  try {
    return k.stat(abs(toPath(path)), true) !== null;
  } catch (_) {
    return false;
  }
}

class Stats {
  constructor(a) {
    const kind = a[0];
    const typeBits = { f: 0o100000, d: 0o040000, l: 0o120000, c: 0o020000, p: 0o010000 }[kind];
    this.dev = 2049;
    this.mode = typeBits | a[1];
    this.nlink = a[5];
    this.uid = a[6];
    this.gid = a[7];
    this.rdev = 0;
    this.blksize = 4096;
    this.ino = a[4];
    this.size = a[2];
    this.blocks = Math.ceil(a[2] / 512);
    this.atimeMs = a[3];
    this.mtimeMs = a[3];
    this.ctimeMs = a[3];
    this.birthtimeMs = a[3];
    this.atime = new Date(a[3]);
    this.mtime = new Date(a[3]);
    this.ctime = new Date(a[3]);
    this.birthtime = new Date(a[3]);
  }
  isFile() { return (this.mode & 0o170000) === 0o100000; }
  isDirectory() { return (this.mode & 0o170000) === 0o040000; }
  isSymbolicLink() { return (this.mode & 0o170000) === 0o120000; }
  isCharacterDevice() { return (this.mode & 0o170000) === 0o020000; }
  isFIFO() { return (this.mode & 0o170000) === 0o010000; }
  isBlockDevice() { return false; }
  isSocket() { return false; }
}

function statWith(path, options, follow, syscall) {
  if (typeof path === 'number') {
    path = fdEntry(path, 'fstat').abs;
  }
  const p = toPath(path);
  const a = call(syscall, p, undefined, () => k.stat(abs(p), follow));
  if (a === null) {
    if (options && options.throwIfNoEntry === false) return undefined;
    const e = uvError('ENOENT', syscall, p);
    Error.captureStackTrace(e, statWith);
    throw e;
  }
  const st = new Stats(a);
  if (options && options.bigint) {
    for (const key of ['dev', 'mode', 'nlink', 'uid', 'gid', 'rdev', 'blksize', 'ino', 'size', 'blocks']) st[key] = BigInt(st[key]);
  }
  return st;
}

function statSync(path, options) {
  return statWith(path, options, true, 'stat');
}

function lstatSync(path, options) {
  return statWith(path, options, false, 'lstat');
}

function fstatSync(fd, options) {
  return statWith(fd, options, true, 'fstat');
}

class Dirent {
  constructor(name, kind, dir) {
    this.name = name;
    this.parentPath = dir;
    this.path = dir;
    Object.defineProperty(this, '_kind', { value: kind, enumerable: false });
  }
  isFile() { return this._kind === 'f'; }
  isDirectory() { return this._kind === 'd'; }
  isSymbolicLink() { return this._kind === 'l'; }
  isCharacterDevice() { return this._kind === 'c'; }
  isFIFO() { return this._kind === 'p'; }
  isBlockDevice() { return false; }
  isSocket() { return false; }
}

function readdirSync(path, options) {
  const p = toPath(path);
  const withTypes = options && typeof options === 'object' && options.withFileTypes;
  const recursive = options && typeof options === 'object' && options.recursive;
  const out = [];
  const walk = (dirAbs, shown, rel) => {
    const entries = call('scandir', shown, undefined, () => k.readdir(dirAbs));
    for (const e of entries) {
      const name = e.slice(1);
      const kind = e[0];
      const relName = rel ? `${rel}/${name}` : name;
      out.push(withTypes ? new Dirent(recursive ? name : name, kind, rel ? `${p}/${rel}` : p) : relName);
      if (recursive && kind === 'd') walk(`${dirAbs}/${name}`, `${shown}/${name}`, relName);
    }
  };
  walk(abs(p), p, '');
  const encoding = encodingOf(options, 'utf8');
  if (encoding === 'buffer' && !withTypes) return out.map((n) => Buffer.from(n));
  return out;
}

function mkdirSync(path, options) {
  const p = toPath(path);
  const recursive = typeof options === 'object' && options !== null && options.recursive;
  const a = abs(p);
  if (recursive) {
    let first;
    let dir = a;
    const missing = [];
    while (dir !== '/' && k.stat(dir, true) === null) {
      missing.push(dir);
      dir = pathMod.dirname(dir);
    }
    if (missing.length) first = missing[missing.length - 1];
    const st = k.stat(a, true);
    if (st !== null && st[0] !== 'd') throw uvError('EEXIST', 'mkdir', p);
    call('mkdir', p, undefined, () => k.mkdir(a, true));
    return first;
  }
  call('mkdir', p, undefined, () => k.mkdir(a, false));
  return undefined;
}

function mkdtempSync(prefix) {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  for (;;) {
    const bytes = k.randomBytes(6);
    let suffix = '';
    for (const b of bytes) suffix += chars[b % chars.length];
    const p = `${prefix}${suffix}`;
    if (k.stat(abs(p), false) === null) {
      call('mkdtemp', `${prefix}XXXXXX`, undefined, () => k.mkdir(abs(p), false));
      return p;
    }
  }
}

function unlinkSync(path) {
  const p = toPath(path);
  call('unlink', p, undefined, () => {
    const st = k.stat(abs(p), false);
    if (st !== null && st[0] === 'd') throw uvError('EISDIR', 'unlink', p);
    k.unlink(abs(p));
  });
}

function rmdirSync(path, options) {
  const p = toPath(path);
  if (options && options.recursive) {
    call('rmdir', p, undefined, () => k.rmTree(abs(p)));
    return;
  }
  call('rmdir', p, undefined, () => k.rmdir(abs(p)));
}

function rmSync(path, options = {}) {
  const p = toPath(path);
  const st = k.stat(abs(p), false);
  if (st === null) {
    if (options.force) return;
    throw uvError('ENOENT', 'lstat', p);
  }
  if (st[0] === 'd') {
    if (!options.recursive) {
      const e = new Error(`Path is a directory: rm returned EISDIR (is a directory) ${p}`);
      e.code = 'ERR_FS_EISDIR';
      e.errno = 21;
      e.syscall = 'rm';
      e.path = p;
      throw e;
    }
    call('rm', p, undefined, () => k.rmTree(abs(p)));
    return;
  }
  call('rm', p, undefined, () => k.unlink(abs(p)));
}

function renameSync(from, to) {
  const a = toPath(from, 'oldPath');
  const b = toPath(to, 'newPath');
  call('rename', a, b, () => k.rename(abs(a), abs(b)));
}

function copyFileSync(src, dest, mode) {
  const a = toPath(src, 'src');
  const b = toPath(dest, 'dest');
  const data = call('copyfile', a, b, () => k.readFile(abs(a)));
  call('copyfile', a, b, () => k.writeFile(abs(b), data, mode & 1 ? 2 : 0));
}

function cpSync(src, dest, options = {}) {
  const a = toPath(src, 'src');
  const b = toPath(dest, 'dest');
  const st = statSync(a);
  if (st.isDirectory()) {
    if (!options.recursive) {
      const e = new Error(`Recursive option is required to copy a directory: ${a}`);
      e.code = 'ERR_FS_EISDIR';
      throw e;
    }
    mkdirSync(b, { recursive: true });
    for (const name of readdirSync(a)) cpSync(`${a}/${name}`, `${b}/${name}`, options);
  } else {
    if (options.force === false && existsSync(b)) {
      if (options.errorOnExist) throw uvError('EEXIST', 'cp', b);
      return;
    }
    copyFileSync(a, b);
  }
}

function symlinkSync(target, path) {
  const t = toPath(target, 'target');
  const p = toPath(path);
  call('symlink', t, p, () => k.symlink(t, abs(p)));
}

function linkSync(existing, newPath) {
  const a = toPath(existing, 'existingPath');
  const b = toPath(newPath, 'newPath');
  call('link', a, b, () => k.link(abs(a), abs(b)));
}

function readlinkSync(path) {
  const p = toPath(path);
  return call('readlink', p, undefined, () => k.readlink(abs(p)));
}

function realpathSync(path) {
  const p = toPath(path);
  return call('realpath', p, undefined, () => k.realpath(abs(p)));
}
realpathSync.native = realpathSync;

function chmodSync(path, mode) {
  const p = toPath(path);
  const m = typeof mode === 'string' ? parseInt(mode, 8) : mode;
  call('chmod', p, undefined, () => k.chmod(abs(p), m));
}

function chownSync(path) {
  const p = toPath(path);
  if (k.stat(abs(p), true) === null) throw uvError('ENOENT', 'chown', p);
}

function utimesSync(path, atime, mtime) {
  const p = toPath(path);
  const ms = mtime instanceof Date ? mtime.getTime() : Number(mtime) * 1000;
  call('utime', p, undefined, () => k.utimes(abs(p), ms));
}

function truncateSync(path, len = 0) {
  const p = toPath(path);
  call('open', p, undefined, () => k.truncate(abs(p), len));
}

function accessSync(path, mode = 0) {
  const p = toPath(path);
  const st = call('access', p, undefined, () => k.stat(abs(p), true));
  if (st === null) throw uvError('ENOENT', 'access', p);
  const perm = st[1];
  const bits = (mode & 4 ? 0o444 : 0) | (mode & 2 ? 0o222 : 0) | (mode & 1 ? 0o111 : 0);
  if (bits && (perm & bits) === 0) throw uvError('EACCES', 'access', p);
}

function openSync(path, flags = 'r') {
  const p = toPath(path);
  const a = abs(p);
  if (typeof flags === 'number') flags = flags & 1024 ? 'a' : flags & 3 ? 'w' : 'r';
  if (flags.startsWith('r')) {
    const st = call('open', p, undefined, () => k.stat(a, true));
    if (st === null) throw uvError('ENOENT', 'open', p);
  } else if (flags.startsWith('w') || flags.startsWith('a') || flags.includes('x')) {
    const exists = k.stat(a, true) !== null;
    if (flags.includes('x') && exists) throw uvError('EEXIST', 'open', p);
    if (flags.startsWith('w') || !exists) call('open', p, undefined, () => k.writeFile(a, new Uint8Array(0), flags.startsWith('a') ? 1 : 0));
  }
  const fd = nextFd++;
  fds.set(fd, { abs: a, path: p, flags, pos: 0 });
  return fd;
}

function closeSync(fd) {
  if (fd <= 2) return;
  fdEntry(fd, 'close');
  fds.delete(fd);
}

function writeSync(fd, buffer, offsetOrPosition, lengthOrEncoding, position) {
  let bytes;
  if (typeof buffer === 'string') {
    bytes = Buffer.from(buffer, typeof lengthOrEncoding === 'string' ? lengthOrEncoding : 'utf8');
  } else {
    const off = offsetOrPosition || 0;
    const len = lengthOrEncoding === undefined ? buffer.length - off : lengthOrEncoding;
    bytes = buffer.subarray(off, off + len);
  }
  if (fd === 1 || fd === 2) {
    k.write(fd, bytes);
    return bytes.length;
  }
  const e = fdEntry(fd, 'write');
  call('write', undefined, undefined, () => k.writeFile(e.abs, bytes, 1));
  e.pos += bytes.length;
  return bytes.length;
}

function readSync(fd, buffer, offset = 0, length, position) {
  if (typeof offset === 'object' && offset !== null) ({ offset = 0, length, position } = offset);
  if (length === undefined) length = buffer.length - offset;
  if (fd === 0) {
    if (readSync.pending === undefined || readSync.pending.length === 0) {
      const c = k.readStdin();
      if (c === null) return 0;
      readSync.pending = c;
    }
    const n = Math.min(length, readSync.pending.length);
    buffer.set(readSync.pending.subarray(0, n), offset);
    readSync.pending = readSync.pending.subarray(n);
    return n;
  }
  const e = fdEntry(fd, 'read');
  const data = call('read', undefined, undefined, () => k.readFile(e.abs));
  const pos = typeof position === 'number' && position >= 0 ? position : e.pos;
  const n = Math.max(0, Math.min(length, data.length - pos));
  buffer.set(data.subarray(pos, pos + n), offset);
  if (!(typeof position === 'number' && position >= 0)) e.pos += n;
  return n;
}

function fsyncSync() {}

// ---- streams ---------------------------------------------------------------------------------------
function createReadStream(path, options) {
  const { Readable } = require('stream');
  const encoding = encodingOf(options, null);
  const start = options && options.start !== undefined ? options.start : 0;
  const end = options && options.end !== undefined ? options.end + 1 : undefined;
  const hwm = (options && options.highWaterMark) || 65536;
  let data;
  let pos = start;
  const p = typeof path === 'number' ? path : toPath(path);
  const s = new Readable({
    read() {
      try {
        if (data === undefined) {
          if (p === 0) data = readAllStdin();
          else data = readFileSync(p);
          if (end !== undefined) data = data.subarray(0, end);
          s.emit('open', 3);
          s.emit('ready');
        }
      } catch (err) {
        s.destroy(err);
        return;
      }
      if (pos >= data.length) {
        s.push(null);
        return;
      }
      const chunk = data.subarray(pos, pos + hwm);
      pos += chunk.length;
      s.push(chunk);
    },
  });
  if (encoding) s.setEncoding(encoding);
  s.path = typeof path === 'number' ? undefined : p;
  s.bytesRead = 0;
  s.on('data', (c) => { s.bytesRead += c.length; });
  s.close = (cb) => { s.destroy(); if (cb) queueMicrotask(cb); };
  return s;
}

function createWriteStream(path, options) {
  const { Writable } = require('stream');
  const flags = (options && options.flags) || 'w';
  const encoding = encodingOf(options, 'utf8');
  const p = typeof path === 'number' ? path : toPath(path);
  let opened = false;
  const s = new Writable({
    write(chunk, enc, cb) {
      try {
        if (!opened) {
          opened = true;
          if (typeof p === 'string') k.writeFile(abs(p), new Uint8Array(0), flags.startsWith('a') ? 1 : 0);
        }
        if (p === 1 || p === 2) k.write(p, chunk);
        else call('write', p, undefined, () => k.writeFile(abs(p), typeof chunk === 'string' ? Buffer.from(chunk, enc || encoding) : chunk, 1));
        s.bytesWritten += chunk.length;
        cb();
      } catch (err) {
        cb(err);
      }
    },
    final(cb) {
      try {
        if (!opened && typeof p === 'string') {
          opened = true;
          call('open', p, undefined, () => k.writeFile(abs(p), new Uint8Array(0), flags.startsWith('a') ? 1 : 0));
        }
        cb();
      } catch (err) {
        cb(err);
      }
    },
  });
  s.path = p;
  s.bytesWritten = 0;
  s.on('finish', () => queueMicrotask(() => s.emit('close')));
  s.close = (cb) => { s.end(); if (cb) s.once('close', cb); };
  queueMicrotask(() => {
    try {
      if (!opened && typeof p === 'string') {
        opened = true;
        call('open', p, undefined, () => k.writeFile(abs(p), new Uint8Array(0), flags.startsWith('a') ? 1 : 0));
      }
      s.emit('open', 3);
      s.emit('ready');
    } catch (err) {
      s.destroy(err);
    }
  });
  return s;
}

// ---- the callback and promise forms ------------------------------------------------------------------
const SYNC = {
  readFile: readFileSync, writeFile: writeFileSync, appendFile: appendFileSync, stat: statSync, lstat: lstatSync,
  fstat: fstatSync, readdir: readdirSync, mkdir: mkdirSync, mkdtemp: mkdtempSync, unlink: unlinkSync, rmdir: rmdirSync,
  rm: rmSync, rename: renameSync, copyFile: copyFileSync, cp: cpSync, symlink: symlinkSync, link: linkSync,
  readlink: readlinkSync, realpath: realpathSync, chmod: chmodSync, chown: chownSync, utimes: utimesSync,
  truncate: truncateSync, access: accessSync, open: openSync, close: closeSync, write: writeSync, read: readSync,
  fsync: fsyncSync,
};

const fs = module.exports;
const promises = {};
for (const [name, sync] of Object.entries(SYNC)) {
  fs[`${name}Sync`] = sync;
  fs[name] = function (...args) {
    const cb = args.pop();
    if (typeof cb !== 'function') throw invalidArgType('cb', 'of type function', cb);
    let result;
    let error = null;
    try {
      result = sync(...args);
    } catch (err) {
      error = err;
    }
    setImmediate(() => (error ? cb(error) : name === 'exists' ? cb(result) : cb(null, result)));
  };
  promises[name] = function (...args) {
    return new Promise((resolve, reject) => {
      try {
        resolve(sync(...args));
      } catch (err) {
        reject(err);
      }
    });
  };
}
fs.exists = function exists(path, cb) {
  const r = existsSync(path);
  setImmediate(() => cb(r));
};
fs.existsSync = existsSync;
fs.realpath.native = fs.realpath;
fs.createReadStream = createReadStream;
fs.createWriteStream = createWriteStream;
fs.Stats = Stats;
fs.Dirent = Dirent;
fs.constants = {
  F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, COPYFILE_EXCL: 1, COPYFILE_FICLONE: 2, COPYFILE_FICLONE_FORCE: 4,
  O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024,
  S_IFMT: 0o170000, S_IFREG: 0o100000, S_IFDIR: 0o040000, S_IFLNK: 0o120000,
};
Object.assign(fs, { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 });
fs.watch = fs.watchFile = fs.unwatchFile = function watch() {
  const e = new Error('fs.watch is disabled in the kitsh sandbox');
  e.code = 'ERR_KITSH_SANDBOX';
  throw e;
};
promises.constants = fs.constants;
promises.open = async function open(path, flags) {
  const fd = openSync(path, flags);
  return {
    fd,
    readFile: async (options) => readFileSync(fds.get(fd).abs, options),
    writeFile: async (data, options) => writeFileSync(fds.get(fd).abs, data, options),
    appendFile: async (data, options) => appendFileSync(fds.get(fd).abs, data, options),
    write: async (data, ...rest) => ({ bytesWritten: writeSync(fd, data, ...rest), buffer: data }),
    read: async (buffer, offset, length, position) => ({ bytesRead: readSync(fd, buffer, offset, length, position), buffer }),
    stat: async () => fstatSync(fd),
    close: async () => closeSync(fd),
    [Symbol.asyncDispose]: async () => closeSync(fd),
  };
};
fs.promises = promises;
