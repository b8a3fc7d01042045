// kitsh's `node`: the JavaScript half of the sandbox, evaluated first in every fresh context.
// It is called with the natives object `k` (never reachable from a script) and returns the
// entry points the Rust loop drives: runMain, rejections, step, fatal, finish.
//
// The modules (`fs`, `path`, `util`, ...) are sources of their own (`js/*.js`), loaded on first
// `require` with `k.internal(name)` (bytecode compiled once per process); only what a script
// uses is loaded.
(function bootstrap(k) {
  'use strict';
  const init = k.init;
  const internals = { k, sources: new Map() };

  // ---- the language as Node 20 has it --------------------------------------------------
  // QuickJS-ng ships proposals V8 11.3 had not: scripts that feature-detect (`if
  // (!Object.groupBy)`, polyfills) must take Node 20's branch, so they are removed.
  {
    const drop = (o, names) => { for (const n of names) delete o[n]; };
    const iteratorProto = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
    drop(iteratorProto, ['chunks', 'constructor', 'drop', 'every', 'filter', 'find', 'flatMap', 'forEach', 'includes',
      'join', 'map', 'reduce', 'some', 'take', 'toArray', 'windows', Symbol.dispose, Symbol.toStringTag]);
    drop(Object, ['groupBy']);
    drop(Map, ['groupBy']);
    drop(Map.prototype, ['getOrInsert', 'getOrInsertComputed']);
    drop(WeakMap.prototype, ['getOrInsert', 'getOrInsertComputed']);
    drop(Set.prototype, ['union', 'intersection', 'difference', 'symmetricDifference', 'isSubsetOf', 'isSupersetOf',
      'isDisjointFrom']);
    drop(Promise, ['try', 'withResolvers']);
    drop(Array, ['fromAsync']);
    drop(ArrayBuffer.prototype, ['detached', 'immutable', 'sliceToImmutable', 'transfer', 'transferToFixedLength',
      'transferToImmutable']);
    drop(DataView.prototype, ['getFloat16', 'setFloat16']);
    drop(Math, ['f16round', 'sumPrecise']);
    drop(JSON, ['isRawJSON', 'rawJSON']);
    drop(RegExp, ['escape']);
    drop(Error, ['isError']);
    drop(Atomics, ['pause']);
    drop(globalThis, ['Iterator', 'AsyncDisposableStack', 'DisposableStack', 'Float16Array', 'SuppressedError']);
    // V8's words for a JSON syntax error (scripts print `e.message`): worked out from the text
    // when QuickJS's parser has failed (a reviver's own error stays as it is).
    const jsonParse = JSON.parse;
    JSON.parse = function parse(text, reviver) {
      try {
        return jsonParse(text, reviver);
      } catch (e) {
        if (e instanceof SyntaxError) {
          const m = internal('errors').jsonMessage(String(text));
          if (m !== undefined && m !== e.message) {
            const stack = e.stack;
            const head = `${e.name}: ${e.message}`;
            e.message = m;
            if (typeof stack === 'string' && stack.startsWith(head)) e.stack = `${e.name}: ${m}${stack.slice(head.length)}`;
          }
        }
        throw e;
      }
    };
    // V8 names the zone after the offset: `GMT+0000 (Coordinated Universal Time)`.
    const zoneName = (d) => {
      const off = -d.getTimezoneOffset();
      if (off === 0) return 'Coordinated Universal Time';
      const a = Math.abs(off);
      return `GMT${off < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
    };
    const dateToString = Date.prototype.toString;
    const timeToString = Date.prototype.toTimeString;
    Date.prototype.toString = function toString() {
      const s = dateToString.call(this);
      return s === 'Invalid Date' ? s : `${s} (${zoneName(this)})`;
    };
    Date.prototype.toTimeString = function toTimeString() {
      const s = timeToString.call(this);
      return s === 'Invalid Date' ? s : `${s} (${zoneName(this)})`;
    };
  }

  // ---- built-in modules ----------------------------------------------------------------
  const builtinCache = new Map();
  // Modules that reach processes, sockets or other hosts: every function they export throws.
  const REFUSED = new Set(['child_process', 'cluster', 'dgram', 'dns', 'dns/promises', 'http', 'http2', 'https', 'inspector',
    'net', 'tls', 'worker_threads', 'v8', 'vm', 'repl', 'trace_events', 'wasi']);
  // The modules of Node's that the sandbox's sources implement.
  const PUBLIC = new Set(['assert', 'buffer', 'crypto', 'events', 'fs', 'os', 'path', 'querystring', 'readline', 'stream',
    'string_decoder', 'timers', 'url', 'util', 'zlib']);
  const ALIASES = { 'path/posix': 'path', 'assert/strict': 'assert', 'util/types': 'util', 'stream/promises': 'stream',
    'readline/promises': 'readline', 'timers/promises': 'timers', 'fs/promises': 'fs', 'sys': 'util' };

  function refused(name) {
    const msg = `${name} is disabled in the kitsh sandbox`;
    const thrower = function () {
      const e = new Error(msg);
      e.code = 'ERR_KITSH_SANDBOX';
      throw e;
    };
    return new Proxy({}, {
      get(_, prop) {
        if (prop === '__esModule' || typeof prop === 'symbol') return undefined;
        return thrower;
      },
    });
  }

  function builtin(name) {
    if (name.startsWith('node:')) name = name.slice(5);
    let m = builtinCache.get(name);
    if (m !== undefined) return m;
    if (REFUSED.has(name)) {
      m = refused(name);
    } else if (name === 'process') {
      m = process;
    } else if (name === 'console') {
      m = console;
    } else if (name === 'module') {
      m = internal('modules').Module;
    } else if (name === 'kitsh_tools') {
      if (k.tools().length === 0) return undefined;
      m = internal('kitsh_tools');
    } else {
      const base = ALIASES[name] || name;
      // Only Node's modules: the sandbox's own sources (`errors`, `inspect`, `table`...) are
      // not reachable by name, and a package of that name in node_modules is not shadowed.
      if (!PUBLIC.has(base)) return undefined;
      m = internal(base);
      if (m === undefined) return undefined;
      if (name === 'fs/promises') m = m.promises;
      else if (name === 'path/posix') m = m.posix;
      else if (name === 'assert/strict') m = m.strict;
      else if (name === 'util/types') m = m.types;
      else if (name === 'stream/promises') m = m.promises;
      else if (name === 'readline/promises') m = m.promises;
      else if (name === 'timers/promises') m = m.promises;
    }
    builtinCache.set(name, m);
    return m;
  }

  const internalCache = new Map();
  function internal(name) {
    let m = internalCache.get(name);
    if (m !== undefined) return m.exports;
    const fn = k.internal(name);
    if (fn === undefined) return undefined;
    m = { exports: {} };
    internalCache.set(name, m);
    fn(m.exports, internal, m, internals);
    return m.exports;
  }
  internals.internal = internal;
  internals.builtin = builtin;

  // ---- process ---------------------------------------------------------------------------
  const events = internal('events');
  const EventEmitter = events.EventEmitter;
  const process = new EventEmitter();
  internals.process = process;
  let cwd = init.cwd;
  let exiting = false;
  let exitCode;
  const version = init.version;
  const env = Object.create(null);
  Object.assign(env, init.env);
  Object.setPrototypeOf(env, Object.prototype);
  const argv = init.argv.slice();

  function stream(fd) {
    const s = new EventEmitter();
    s.fd = fd;
    // No `isTTY`: Node sets it only on a terminal's stream (`undefined` on pipes and files).
    s.writable = true;
    s.write = function (chunk, encoding, cb) {
      if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
      if (typeof chunk === 'string') {
        if (encoding && encoding !== 'utf8' && encoding !== 'utf-8') chunk = internal('buffer').Buffer.from(chunk, encoding);
      } else if (!(chunk instanceof Uint8Array)) {
        const e = new TypeError(`The "chunk" argument must be of type string or an instance of Buffer or Uint8Array. Received ${internal('util').describeReceived(chunk)}`);
        e.code = 'ERR_INVALID_ARG_TYPE';
        throw e;
      }
      k.write(fd, chunk);
      if (typeof cb === 'function') queueMicrotask(cb);
      return true;
    };
    s.end = function (chunk, encoding, cb) {
      if (typeof chunk === 'function') { cb = chunk; chunk = undefined; }
      if (chunk !== undefined && chunk !== null) s.write(chunk, encoding);
      if (typeof cb === 'function') queueMicrotask(cb);
      return s;
    };
    s.cork = s.uncork = function () {};
    s.setDefaultEncoding = function () { return s; };
    s.getWindowSize = function () { return [80, 24]; };
    s.hasColors = function () { return false; };
    s.getColorDepth = function () { return 1; };
    s._writableState = {};
    s.writableLength = 0;
    s.writableHighWaterMark = 16384;
    return s;
  }
  const stdout = stream(1);
  const stderr = stream(2);
  let stdin;
  internals.flowing = false;

  Object.assign(process, {
    title: 'node',
    version,
    versions: { node: version.slice(1), v8: '11.3.244.8-node.33', uv: '1.46.0', modules: '115', quickjs: 'ng', kitsh: '1' },
    arch: 'x64',
    platform: 'linux',
    release: { name: 'node', lts: 'Iron' },
    argv,
    argv0: 'node',
    execArgv: [],
    execPath: init.argv[0],
    env,
    pid: 4242,
    ppid: 4241,
    exitCode: undefined,
    features: {},
    config: { variables: {} },
    stdout,
    stderr,
    cwd() { return cwd; },
    chdir(dir) {
      const p = internal('path').resolve(cwd, String(dir));
      const st = k.stat(p, true);
      if (st === null || st[0] !== 'd') {
        const code = st === null ? 'ENOENT' : 'ENOTDIR';
        const e = new Error(`${code}: ${code === 'ENOENT' ? 'no such file or directory' : 'not a directory'}, chdir ${cwd} -> '${dir}'`);
        Object.assign(e, { errno: code === 'ENOENT' ? -2 : -20, code, syscall: 'chdir', path: cwd, dest: String(dir) });
        throw e;
      }
      cwd = p;
    },
    exit(code) {
      if (code !== undefined) process.exitCode = code;
      const status = toStatus(process.exitCode);
      if (!exiting) {
        exiting = true;
        process.emit('exit', status);
      }
      k.flush();
      k.exit(toStatus(process.exitCode));
      for (;;) { /* the interrupt handler stops the script here */ }
    },
    reallyExit(code) { process.exit(code); },
    abort() { k.write(2, 'Aborted\n'); k.exit(134); for (;;) { /* stopped */ } },
    kill() { throw refusedError('process.kill'); },
    binding() { throw refusedError('process.binding'); },
    _linkedBinding() { throw refusedError('process._linkedBinding'); },
    dlopen() { throw refusedError('process.dlopen'); },
    umask() { return 0o22; },
    getuid() { return 1000; },
    geteuid() { return 1000; },
    getgid() { return 1000; },
    getegid() { return 1000; },
    getgroups() { return [1000]; },
    uptime() { return k.hrtime() / 1000; },
    hrtime: Object.assign(function hrtime(prev) {
      const ms = k.hrtime();
      let s = Math.floor(ms / 1000);
      let ns = Math.floor((ms - s * 1000) * 1e6);
      if (prev) {
        s -= prev[0];
        ns -= prev[1];
        if (ns < 0) { s--; ns += 1e9; }
      }
      return [s, ns];
    }, { bigint() { return BigInt(Math.floor(k.hrtime() * 1e6)); } }),
    memoryUsage: Object.assign(function memoryUsage() {
      return { rss: 50331648, heapTotal: 16777216, heapUsed: 8388608, external: 1048576, arrayBuffers: 16384 };
    }, { rss() { return 50331648; } }),
    cpuUsage() { const us = Math.floor(k.hrtime() * 1000); return { user: us, system: 0 }; },
    resourceUsage() { return {}; },
    nextTick(fn, ...args) {
      if (typeof fn !== 'function') {
        const e = new TypeError(`The "callback" argument must be of type function. Received ${internal('util').describeReceived(fn)}`);
        e.code = 'ERR_INVALID_ARG_TYPE';
        throw e;
      }
      tickQueue.push([fn, args]);
    },
    emitWarning(warning, type, code) {
      if (typeof type === 'object' && type !== null) { code = type.code; type = type.type; }
      const name = warning instanceof Error ? warning.name : (type || 'Warning');
      const msg = warning instanceof Error ? warning.message : String(warning);
      k.write(2, `(node:${process.pid}) ${code ? `[${code}] ` : ''}${name}: ${msg}\n(Use \`node --trace-warnings ...\` to show where the warning was created)\n`);
    },
  });
  Object.defineProperty(process, 'stdin', {
    configurable: true,
    enumerable: true,
    get() {
      if (stdin === undefined) stdin = internal('stdin').create(internals);
      return stdin;
    },
  });
  Object.defineProperty(process, 'exitCode', {
    configurable: true,
    enumerable: true,
    get() { return exitCode; },
    set(v) {
      if (v !== undefined && v !== null && typeof v !== 'number' && !(typeof v === 'string' && /^-?\d+$/.test(v))) {
        const e = new TypeError(`The "code" argument must be of type number. Received ${internal('util').describeReceived(v)}`);
        e.code = 'ERR_INVALID_ARG_TYPE';
        throw e;
      }
      exitCode = v;
    },
  });
  process[Symbol.toStringTag] = 'process';

  function toStatus(code) {
    if (code === undefined || code === null) return 0;
    return Number(code) | 0;
  }

  function refusedError(what) {
    const e = new Error(`${what} is disabled in the kitsh sandbox`);
    e.code = 'ERR_KITSH_SANDBOX';
    return e;
  }

  // `process.nextTick` callbacks: run by the loop after each callback, before the promise jobs.
  const tickQueue = [];
  function runTicks() {
    let n = 0;
    while (tickQueue.length) {
      const [fn, args] = tickQueue.shift();
      n++;
      fn(...args);
    }
    return n;
  }

  // ---- console ---------------------------------------------------------------------------
  let groupIndent = '';
  const counts = new Map();
  const timers = new Map();
  function format(args) {
    // The common case: strings only, no format directives.
    let simple = true;
    for (let i = 0; i < args.length; i++) {
      if (typeof args[i] !== 'string' || (i === 0 && args.length > 1 && args[0].includes('%'))) { simple = false; break; }
    }
    const s = simple ? args.join(' ') : internal('util').format(...args);
    if (groupIndent === '') return s + '\n';
    return groupIndent + s.split('\n').join('\n' + groupIndent) + '\n';
  }
  const console = {
    log(...args) { k.write(1, format(args)); },
    info(...args) { k.write(1, format(args)); },
    debug(...args) { k.write(1, format(args)); },
    error(...args) { k.write(2, format(args)); },
    warn(...args) { k.write(2, format(args)); },
    dir(obj, options) { k.write(1, groupIndent + internal('util').inspect(obj, Object.assign({ customInspect: false }, options)) + '\n'); },
    dirxml(...args) { k.write(1, format(args)); },
    trace(...args) {
      const err = new Error(args.length ? internal('util').format(...args) : '');
      err.name = 'Trace';
      k.write(2, format([internal('errors').stackOf(err)]));
    },
    assert(cond, ...args) {
      if (!cond) {
        if (typeof args[0] === 'string') args[0] = `Assertion failed: ${args[0]}`;
        else args.unshift('Assertion failed');
        k.write(2, format(args));
      }
    },
    group(...labels) {
      if (labels.length) k.write(1, format(labels));
      groupIndent += '  ';
    },
    groupCollapsed(...labels) { console.group(...labels); },
    groupEnd() { groupIndent = groupIndent.slice(0, -2); },
    count(label = 'default') {
      label = `${label}`;
      const n = (counts.get(label) || 0) + 1;
      counts.set(label, n);
      k.write(1, format([`${label}: ${n}`]));
    },
    countReset(label = 'default') { counts.delete(`${label}`); },
    time(label = 'default') { timers.set(`${label}`, k.hrtime()); },
    timeEnd(label = 'default') {
      label = `${label}`;
      const t = timers.get(label);
      if (t === undefined) return;
      timers.delete(label);
      k.write(1, format([`${label}: ${formatTime(k.hrtime() - t)}`]));
    },
    timeLog(label = 'default', ...data) {
      label = `${label}`;
      const t = timers.get(label);
      if (t === undefined) return;
      k.write(1, format([`${label}: ${formatTime(k.hrtime() - t)}`, ...data]));
    },
    table(data, properties) { k.write(1, format([internal('table').table(data, properties, internal('util'))])); },
  };
  function formatTime(ms) {
    if (ms >= 1000) {
      if (ms >= 60000) {
        if (ms >= 3600000) return `${(ms / 3600000).toFixed(3)}h`;
        return `${(ms / 60000).toFixed(3)}min`;
      }
      return `${(ms / 1000).toFixed(3)}s`;
    }
    return `${Number(ms.toFixed(3))}ms`;
  }

  // ---- timers ----------------------------------------------------------------------------
  const loop = internal('timers');
  loop.setup(internals);

  // ---- globals ---------------------------------------------------------------------------
  function lazy(name, get) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      enumerable: false,
      get() {
        const v = get();
        Object.defineProperty(globalThis, name, { value: v, writable: true, configurable: true, enumerable: false });
        return v;
      },
      set(v) {
        Object.defineProperty(globalThis, name, { value: v, writable: true, configurable: true, enumerable: false });
      },
    });
  }
  function define(name, value) {
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
  }
  define('process', process);
  define('console', console);
  define('global', globalThis);
  define('setTimeout', loop.setTimeout);
  define('clearTimeout', loop.clearTimeout);
  define('setInterval', loop.setInterval);
  define('clearInterval', loop.clearInterval);
  define('setImmediate', loop.setImmediate);
  define('clearImmediate', loop.clearImmediate);
  if (typeof queueMicrotask !== 'function') define('queueMicrotask', (fn) => { Promise.resolve().then(fn); });
  lazy('Buffer', () => internal('buffer').Buffer);
  lazy('TextEncoder', () => internal('buffer').TextEncoder);
  lazy('TextDecoder', () => internal('buffer').TextDecoder);
  lazy('atob', () => internal('buffer').atob);
  lazy('btoa', () => internal('buffer').btoa);
  lazy('URL', () => internal('url').URL);
  lazy('URLSearchParams', () => internal('url').URLSearchParams);
  lazy('structuredClone', () => internal('util').structuredClone);
  lazy('crypto', () => internal('crypto').webcrypto);
  lazy('AbortController', () => internal('events').AbortController);
  lazy('AbortSignal', () => internal('events').AbortSignal);
  lazy('EventTarget', () => internal('events').EventTarget);
  lazy('Event', () => internal('events').Event);
  lazy('performance', () => ({ now: () => k.hrtime(), timeOrigin: Date.now() - k.hrtime(), mark() {}, measure() {} }));
  lazy('Intl', () => internal('intl').Intl);
  // QuickJS formats locale strings as plain `toString`: the first call installs Intl's.
  for (const [proto, name] of [[Number.prototype, 'toLocaleString'], [BigInt.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString'],
    [String.prototype, 'localeCompare']]) {
    proto[name] = function (...args) {
      internal('intl').install();
      return proto[name].apply(this, args);
    };
  }
  lazy('fetch', () => internal('fetch').fetch);
  lazy('Headers', () => internal('fetch').Headers);
  lazy('Request', () => internal('fetch').Request);
  lazy('Response', () => internal('fetch').Response);

  // ---- modules -----------------------------------------------------------------------------
  const modules = internal('modules');
  modules.setup(internals);

  // ---- the loop's entry points ---------------------------------------------------------------
  const errors = internal('errors');
  errors.setup(internals);

  function runMain() {
    for (const name of init.preload) modules.requireFrom(cwd + '/[preload]', name);
    if (init.check) {
      modules.check(init.code, init.filename);
      return;
    }
    if (init.kind === 'file') {
      if (modules.isEsmFile(init.filename)) modules.runModule(init.filename, init.code);
      else modules.runMain(init.filename, init.code);
      return;
    }
    if (init.module) {
      modules.runModule(internal('path').join(cwd, '[eval1]'), init.code);
      return;
    }
    const result = modules.runEval(init.code, init.kind === 'stdin' ? '[stdin]' : '[eval]');
    if (init.print) {
      const s = typeof result === 'string' ? result : internal('util').inspect(result);
      k.write(1, s + '\n');
    }
  }

  function finish() {
    const status = toStatus(process.exitCode);
    if (!exiting) {
      exiting = true;
      process.emit('exit', status);
    }
    return toStatus(process.exitCode);
  }

  // The script ends with `status` (an uncaught error): `exit` listeners run once.
  function ending(status) {
    if (!exiting) {
      exiting = true;
      process.exitCode = status;
      try {
        process.emit('exit', status);
      } catch (_) { /* the first error is the one reported */ }
    }
    return toStatus(process.exitCode);
  }

  return {
    runMain,
    rejections: () => {
      const r = errors.rejections();
      return typeof r === 'number' ? ending(r) : r;
    },
    step: () => loop.step(),
    ticks: runTicks,
    fatal: (err) => {
      const status = errors.fatal(err);
      return status >= 0 ? ending(status) : status;
    },
    finish,
  };
})
