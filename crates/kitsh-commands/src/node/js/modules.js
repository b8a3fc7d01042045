// CommonJS modules on the virtual filesystem: `require` of relative and absolute paths (with
// `.js`, `.json`, `.cjs`, directories with `package.json`'s `main` or `index.js`) and of
// packages in `node_modules` up the tree, `module.exports`, `require.cache`, `require.resolve`;
// the main script, `-e`/`-p` code and `node -c`.

const k = internals.k;
const path = require('path');
const cache = Object.create(null);
let mainModule;

const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAP_TAIL = '\n})';

class Module {
  constructor(id, parent) {
    this.id = id;
    this.path = id === '.' || path.isAbsolute(id) ? path.dirname(id) : '.';
    this.exports = {};
    this.filename = null;
    this.loaded = false;
    this.children = [];
    this.paths = [];
    Object.defineProperty(this, 'parent', { value: parent, writable: true, enumerable: false, configurable: true });
    if (parent && parent.children) parent.children.push(this);
  }
  require(id) { return requireFrom(this, id); }
}
// Node 20's list (some of them refused in the sandbox, or not there: `require` says which).
Module.builtinModules = ['_http_agent', '_http_client', '_http_common', '_http_incoming', '_http_outgoing', '_http_server',
  '_stream_duplex', '_stream_passthrough', '_stream_readable', '_stream_transform', '_stream_wrap', '_stream_writable',
  '_tls_common', '_tls_wrap', 'assert', 'assert/strict', 'async_hooks', 'buffer', 'child_process', 'cluster', 'console',
  'constants', 'crypto', 'dgram', 'diagnostics_channel', 'dns', 'dns/promises', 'domain', 'events', 'fs', 'fs/promises',
  'http', 'http2', 'https', 'inspector', 'inspector/promises', 'module', 'net', 'os', 'path', 'path/posix', 'path/win32',
  'perf_hooks', 'process', 'punycode', 'querystring', 'readline', 'readline/promises', 'repl', 'stream', 'stream/consumers',
  'stream/promises', 'stream/web', 'string_decoder', 'sys', 'timers', 'timers/promises', 'tls', 'trace_events', 'tty', 'url',
  'util', 'util/types', 'v8', 'vm', 'wasi', 'worker_threads', 'zlib'];
Module.Module = Module;
Module._cache = cache;
// `createRequire(__filename)`, `createRequire(import.meta.url)` (a file: URL, as text or a URL).
Module.createRequire = (filename) => {
  let file = filename instanceof URL ? filename.href : String(filename);
  if (file.startsWith('file:')) file = require('url').fileURLToPath(file);
  if (!path.isAbsolute(file)) {
    const e = new TypeError(`The argument 'filename' must be a file URL object, file URL string, or absolute path string. Received ${JSON.stringify(String(filename))}`);
    e.code = 'ERR_INVALID_ARG_VALUE';
    throw e;
  }
  const m = new Module(file, null);
  m.filename = file;
  m.path = path.dirname(file);
  return makeRequire(m);
};
Module.isBuiltin = (name) => internals.builtin(String(name)) !== undefined;

function stripShebang(code) {
  if (code.startsWith('#!')) {
    const nl = code.indexOf('\n');
    return nl < 0 ? '' : code.slice(nl);
  }
  return code;
}

function makeRequire(mod) {
  const req = function require(id) { return requireFrom(mod, id); };
  req.resolve = function resolve(request) {
    validateId(request);
    if (isBuiltinRequest(request)) return request;
    return resolveFilename(request, mod);
  };
  req.resolve.paths = (request) => (isRelative(request) ? [mod.path] : nodeModulePaths(mod.path));
  req.cache = cache;
  req.main = mainModule;
  req.extensions = { '.js': true, '.json': true, '.cjs': true };
  return req;
}

function validateId(id) {
  if (typeof id !== 'string') {
    const e = new TypeError(`The "id" argument must be of type string. Received ${require('util').describeReceived(id)}`);
    e.code = 'ERR_INVALID_ARG_TYPE';
    throw e;
  }
  if (id === '') {
    const e = new TypeError("The argument 'id' must be a non-empty string. Received ''");
    e.code = 'ERR_INVALID_ARG_VALUE';
    throw e;
  }
}

function isRelative(request) {
  return request === '.' || request === '..' || request.startsWith('./') || request.startsWith('../') || request.startsWith('/');
}

function isBuiltinRequest(request) {
  return !isRelative(request) && internals.builtin(request) !== undefined;
}

function requireFrom(parent, id) {
  if (typeof parent === 'string') {
    const m = new Module(parent, null);
    m.path = path.dirname(parent);
    parent = m;
  }
  validateId(id);
  if (!isRelative(id)) {
    const b = internals.builtin(id);
    if (b !== undefined) return b;
    if (id.startsWith('node:')) {
      const e = new Error(`No such built-in module: ${id}`);
      e.code = 'ERR_UNKNOWN_BUILTIN_MODULE';
      throw e;
    }
  }
  const filename = resolveFilename(id, parent);
  const cached = cache[filename];
  if (cached !== undefined) return cached.exports;
  const m = new Module(filename, parent);
  m.filename = filename;
  m.path = path.dirname(filename);
  cache[filename] = m;
  let ok = false;
  try {
    load(m, filename);
    ok = true;
  } finally {
    if (!ok) delete cache[filename];
  }
  return m.exports;
}

function readText(filename) {
  return k.decode(k.readFile(filename));
}

function load(m, filename) {
  if (filename.endsWith('.mjs')) {
    const e = new Error(`require() of ES Module ${filename} not supported.\nInstead change the require of ${filename} to a dynamic import() which is available in all CommonJS modules.`);
    e.code = 'ERR_REQUIRE_ESM';
    throw e;
  }
  if (filename.endsWith('.json')) {
    const text = readText(filename);
    try {
      m.exports = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch (err) {
      err.message = filename + ': ' + err.message;
      throw err;
    }
  } else if (filename.endsWith('.node')) {
    const e = new Error('native addons are disabled in the kitsh sandbox');
    e.code = 'ERR_KITSH_SANDBOX';
    throw e;
  } else {
    compile(m, readText(filename), filename);
  }
  m.loaded = true;
}

function compile(m, code, filename) {
  code = stripShebang(code);
  internals.sources.set(filename, code);
  internals.wrapped.set(filename, WRAP_HEAD.length);
  const fn = k.evalScript(WRAP_HEAD + code + WRAP_TAIL, filename);
  const req = makeRequire(m);
  fn.call(m.exports, m.exports, req, m, filename, path.dirname(filename));
}

function stat(p) {
  const s = k.stat(p, true);
  return s === null ? null : s[0];
}

function tryFile(p) {
  const t = stat(p);
  return t !== null && t !== 'd' ? p : undefined;
}

function tryExtensions(p) {
  return tryFile(p) || tryFile(p + '.js') || tryFile(p + '.json') || tryFile(p + '.cjs') || tryFile(p + '.node');
}

function tryDirectory(dir) {
  if (stat(dir) !== 'd') return undefined;
  const pj = tryFile(dir + '/package.json');
  if (pj) {
    let main;
    try {
      main = JSON.parse(readText(pj)).main;
    } catch (err) {
      err.message = `Error parsing ${pj}: ${err.message}`;
      err.path = pj;
      throw err;
    }
    if (typeof main === 'string' && main !== '') {
      const p = path.resolve(dir, main);
      const found = tryExtensions(p) || tryIndex(p);
      if (found) return found;
    }
  }
  return tryIndex(dir);
}

function tryIndex(dir) {
  return tryFile(dir + '/index.js') || tryFile(dir + '/index.json') || tryFile(dir + '/index.cjs');
}

function nodeModulePaths(from) {
  const out = [];
  let dir = path.resolve(from);
  for (;;) {
    if (!dir.endsWith('/node_modules')) out.push(dir === '/' ? '/node_modules' : dir + '/node_modules');
    if (dir === '/') break;
    dir = path.dirname(dir);
  }
  return out;
}

function resolveFilename(request, parent) {
  const base = parent && parent.filename ? path.dirname(parent.filename) : (parent && parent.path && parent.path !== '.' ? parent.path : internals.process.cwd());
  if (isRelative(request)) {
    const p = path.resolve(base, request);
    const found = (request.endsWith('/') ? undefined : tryExtensions(p)) || tryDirectory(p);
    if (found) return found;
  } else {
    for (const dir of nodeModulePaths(base)) {
      const p = dir + '/' + request;
      const found = tryExtensions(p) || tryDirectory(p);
      if (found) return found;
    }
  }
  const stack = [];
  for (let m = parent; m; m = m.parent) if (m.filename) stack.push(m.filename);
  let msg = `Cannot find module '${request}'`;
  if (stack.length) msg += '\nRequire stack:\n- ' + stack.join('\n- ');
  const e = new Error(msg);
  e.code = 'MODULE_NOT_FOUND';
  e.requireStack = stack;
  throw e;
}

// ---- ES modules --------------------------------------------------------------------------------
// QuickJS's loader asks `esmResolve(base, specifier)` for a module's name (an absolute path, or
// `node:NAME` for a built-in one) and `esmSource(name)` for its source: a file's own text for an
// ES module (`.mjs`, or `.js` under a package.json with "type": "module"), else a module that
// re-exports what `require` gives (built-in modules, CommonJS files, JSON).
const ESM = Symbol.for('kitsh.esm');
const IDENT = /^[A-Za-z_$][\w$]*$/;

function isEsmFile(filename) {
  if (filename.endsWith('.mjs')) return true;
  if (!filename.endsWith('.js')) return false;
  let dir = path.dirname(filename);
  for (;;) {
    const pj = dir === '/' ? '/package.json' : `${dir}/package.json`;
    if (stat(pj) === 'f') {
      try {
        return JSON.parse(readText(pj)).type === 'module';
      } catch (_) {
        return false;
      }
    }
    if (dir === '/') return false;
    dir = path.dirname(dir);
  }
}

function moduleNotFound(msg) {
  const e = new Error(msg);
  e.code = 'ERR_MODULE_NOT_FOUND';
  return e;
}

function esmResolve(base, name) {
  const from = base.startsWith('/') ? base : path.join(internals.process.cwd(), '[eval1]');
  if (name.startsWith('node:') || (!isRelative(name) && !name.startsWith('file:') && internals.builtin(name) !== undefined)) {
    const b = name.startsWith('node:') ? name.slice(5) : name;
    if (internals.builtin(b) === undefined) {
      const e = new Error(`No such built-in module: ${name}`);
      e.code = 'ERR_UNKNOWN_BUILTIN_MODULE';
      throw e;
    }
    return `node:${b}`;
  }
  if (name.startsWith('file://')) name = decodeURIComponent(name.slice(7));
  if (isRelative(name)) {
    const p = path.resolve(path.dirname(from), name);
    if (stat(p) === 'f') return p;
    throw moduleNotFound(`Cannot find module '${p}' imported from ${from}`);
  }
  const parent = new Module(from, null);
  parent.filename = from;
  try {
    return resolveFilename(name, parent);
  } catch (_) {
    throw moduleNotFound(`Cannot find package '${name}' imported from ${from}`);
  }
}

function reexport(kind, name, value) {
  let s = `const __m = globalThis[Symbol.for('kitsh.esm')](${JSON.stringify(kind)}, ${JSON.stringify(name)});\nexport default __m;\n`;
  if (value !== null && (typeof value === 'object' || typeof value === 'function')) {
    const names = Object.keys(value).filter((n) => IDENT.test(n) && n !== 'default');
    names.forEach((n, i) => { s += `const __e${i} = __m[${JSON.stringify(n)}];\n`; });
    if (names.length) s += `export { ${names.map((n, i) => `__e${i} as ${n}`).join(', ')} };\n`;
  }
  return s;
}

// An ES module's text with `import.meta` filled in first, on its first line (so that its lines
// keep their numbers).
function withMeta(name, code) {
  const head = `import.meta.url = ${JSON.stringify('file://' + name)}; import.meta.filename = ${JSON.stringify(name)}; ` +
    `import.meta.dirname = ${JSON.stringify(path.dirname(name))}; import.meta.resolve = (s) => 'file://' + globalThis[Symbol.for('kitsh.esm')]('resolve', ${JSON.stringify(name)}, s); `;
  internals.sources.set(name, code);
  internals.wrapped.set(name, head.length);
  return head + code;
}

function esmSource(name) {
  if (name.startsWith('node:')) return reexport('builtin', name.slice(5), internals.builtin(name.slice(5)));
  if (name.endsWith('.json')) return `export default JSON.parse(${JSON.stringify(readText(name))});\n`;
  if (isEsmFile(name)) return withMeta(name, stripShebang(readText(name)));
  const exportsOf = requireFrom(name, name);
  return reexport('cjs', name, exportsOf);
}

function esmValue(kind, name, spec) {
  if (kind === 'builtin') return internals.builtin(name);
  if (kind === 'resolve') return esmResolve(name, spec);
  const m = cache[name];
  return m === undefined ? undefined : m.exports;
}

module.exports = {
  Module,
  setup(i) {
    Object.defineProperty(globalThis, ESM, { value: esmValue, enumerable: false });
    k.setModuleHooks({ resolve: esmResolve, source: esmSource });
  },
  isEsmFile,
  // Run an ES module as the main script (a file, or `--input-type=module` code named `name`).
  runModule(name, code) {
    const p = k.evalModule(name, withMeta(name, stripShebang(code)));
    internals.mainPromise = p;
  },
  requireFrom,
  runMain(filename, code) {
    const m = new Module('.', null);
    m.filename = filename;
    m.path = path.dirname(filename);
    m.paths = nodeModulePaths(m.path);
    mainModule = m;
    internals.process.mainModule = m;
    cache[filename] = m;
    compile(m, code, filename);
    m.loaded = true;
  },
  runEval(code, name) {
    const m = new Module(name, null);
    m.filename = path.join(internals.process.cwd(), name);
    m.paths = nodeModulePaths(internals.process.cwd());
    const g = globalThis;
    const def = (key, value) => Object.defineProperty(g, key, { value, writable: true, configurable: true, enumerable: false });
    def('module', m);
    def('exports', m.exports);
    def('require', makeRequire(m));
    def('__filename', name);
    def('__dirname', '.');
    internals.sources.set(name, code);
    return k.evalScript(stripShebang(code), name);
  },
  check(code, filename) {
    internals.sources.set(filename, code);
    internals.wrapped.set(filename, WRAP_HEAD.length);
    k.evalScript(WRAP_HEAD + stripShebang(code) + WRAP_TAIL, filename);
  },
};
