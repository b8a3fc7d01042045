// Errors as Node shows them: V8's `err.stack` format (`Error: msg\n    at f (file:1:2)`) built
// from QuickJS's call sites, the report of an uncaught exception or an unhandled rejection
// (the source line with a caret, the error, `Node.js v20...`), `uncaughtException` and
// `unhandledRejection` listeners.

const k = internals.k;
const locations = new WeakMap();
// The frames of each error's stack, and the stack as first made: V8 writes `err.stack` when it
// is first read, so a name or message set after construction (a subclass's `this.name = ...`)
// shows in it; QuickJS writes it at construction. `currentStack` redoes the first line.
const frames = new WeakMap();
const pending = new Map(); // unhandled rejections: promise -> reason, in order

function frameText(cs) {
  const fn = cs.getFunctionName();
  if (cs.isNative()) return `    at ${fn || '<anonymous>'} (native)`;
  const file = cs.getFileName();
  const line = cs.getLineNumber();
  let col = cs.getColumnNumber();
  if (line === 1 && internals.wrapped.has(file)) col -= internals.wrapped.get(file);
  const loc = file ? (line > 0 ? `${file}:${line}:${col}` : file) : '<anonymous>';
  return fn ? `    at ${fn} (${loc})` : `    at ${loc}`;
}

function headOf(err) {
  try {
    return Error.prototype.toString.call(err);
  } catch (_) {
    return 'Error';
  }
}

// QuickJS's wording of the engine's own errors, in V8's (what Node prints, and what scripts
// that test `err.message` expect).
const MESSAGES = [
  [/^cannot read property '(.*)' of (undefined|null)$/s, "Cannot read properties of $2 (reading '$1')"],
  [/^cannot set property '(.*)' of (undefined|null)$/s, "Cannot set properties of $2 (setting '$1')"],
  [/^circular reference$/, 'Converting circular structure to JSON'],
  [/^cannot convert symbol to string$/, 'Cannot convert a Symbol value to a string'],
  [/^cannot convert BigInt to number$/, 'Cannot mix BigInt and other types, use explicit conversions'],
  [/^BigInt are forbidden in JSON.stringify$/, 'Do not know how to serialize a BigInt'],
  [/^empty array$/, 'Reduce of empty array with no initial value'],
  [/^invalid array length$/, 'Invalid array length'],
  [/^expecting hex digit$/, 'URI malformed'],
  [/^(.* in JSON at position \d+) \(line \d+ column \d+\)$/s, '$1'],
];

// The callee a failed call named (`o.f` of `o.f()`), read from the source at the error's
// position, for V8's `o.f is not a function`.
function callee(cs) {
  if (!cs || cs.isNative()) return undefined;
  const file = cs.getFileName();
  const src = internals.sources.get(file);
  if (src === undefined) return undefined;
  let col = cs.getColumnNumber();
  const line = cs.getLineNumber();
  if (line === 1 && internals.wrapped.has(file)) col -= internals.wrapped.get(file);
  const text = src.split('\n')[line - 1];
  if (text === undefined) return undefined;
  const word = /[\w$.]/;
  let a = col - 1;
  let b = col - 1;
  if (!word.test(text[a] || '')) return undefined;
  while (a > 0 && word.test(text[a - 1])) a--;
  while (b < text.length && word.test(text[b])) b++;
  const expr = text.slice(a, b).replace(/^\.+|\.+$/g, '');
  if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(expr)) return undefined;
  return /^\s*\(/.test(text.slice(b)) ? expr : undefined;
}

function translate(err, callsites) {
  if (typeof err.message !== 'string') return;
  let m = err.message;
  if (m === 'not a function' || m === 'not a constructor') {
    const expr = callee(callsites[0]);
    if (expr !== undefined) m = `${expr} is ${m}`;
  } else {
    for (const [re, to] of MESSAGES) {
      if (re.test(m)) {
        m = m.replace(re, to);
        break;
      }
    }
  }
  if (m !== err.message) {
    try {
      err.message = m;
    } catch (_) { /* a frozen error keeps its words */ }
  }
}

function prepareStackTrace(err, callsites) {
  if (err instanceof Error) translate(err, callsites);
  const lines = [];
  for (const cs of callsites) {
    const file = cs.getFileName();
    if (file === 'node:internal/bootstrap') continue;
    if (!locations.has(err) && file && internals.sources.has(file) && typeof err === 'object' && err !== null) {
      let col = cs.getColumnNumber();
      const line = cs.getLineNumber();
      if (line === 1 && internals.wrapped.has(file)) col -= internals.wrapped.get(file);
      locations.set(err, { file, line, col });
    }
    lines.push(frameText(cs));
  }
  const head = headOf(err);
  const stack = lines.length ? head + '\n' + lines.join('\n') : head;
  if (typeof err === 'object' && err !== null) frames.set(err, { stack, lines });
  return stack;
}

function currentStack(err) {
  const s = err.stack;
  const f = frames.get(err);
  if (f === undefined || s !== f.stack) return String(s);
  const head = headOf(err);
  return f.lines.length ? head + '\n' + f.lines.join('\n') : head;
}

function stackOf(err) {
  const s = err && err.stack;
  return typeof s === 'string' ? s : headOf(err);
}

function sourceHeader(err) {
  const loc = typeof err === 'object' && err !== null ? locations.get(err) : undefined;
  if (!loc) return '';
  const src = internals.sources.get(loc.file);
  if (src === undefined) return '';
  const text = src.split('\n')[loc.line - 1];
  if (text === undefined) return '';
  return `${loc.file}:${loc.line}\n${text}\n${' '.repeat(Math.max(0, loc.col - 1))}^\n\n`;
}

function isError(v) {
  return v instanceof Error || (typeof v === 'object' && v !== null && Object.prototype.toString.call(v) === '[object Error]');
}

function report(err) {
  const util = require('util');
  const version = internals.process.version;
  if (isError(err)) {
    return `${sourceHeader(err)}${util.inspect(err)}\n\nNode.js ${version}\n`;
  }
  return `${sourceHeader(err)}Uncaught ${util.inspect(err)}\n\nNode.js ${version}\n`;
}

function rejectionReport(reason) {
  const util = require('util');
  const version = internals.process.version;
  if (isError(reason)) {
    return `${sourceHeader(reason)}${util.inspect(reason)}\n\nNode.js ${version}\n`;
  }
  const shown = reason === undefined ? 'undefined' : util.inspect(reason);
  return 'node:internal/process/promises:288\n            triggerUncaughtException(err, true /* fromPromise */);\n            ^\n\n' +
    '[UnhandledPromiseRejection: This error originated either by throwing inside of an async function without a catch block, ' +
    `or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "${shown}".] {\n` +
    `  code: 'ERR_UNHANDLED_REJECTION'\n}\n\nNode.js ${version}\n`;
}

// V8's message for the first syntax error of the JSON text `s` (its json-parser's checks, in
// its order), or undefined when `s` is valid JSON.
function jsonMessage(s) {
  const n = s.length;
  let i = 0;
  const fail = (m) => { throw new JsonStop(m); };
  const at = (what, pos) => fail(`${what} in JSON at position ${pos}`);
  const token = (pos) => {
    const c = s[pos];
    if (c === undefined) fail('Unexpected end of JSON input');
    if (c === '"') at('Unexpected string', pos);
    if (c === '-' || (c >= '0' && c <= '9')) at('Unexpected number', pos);
    if (n <= 21) fail(`Unexpected token '${c}', "${s}" is not valid JSON`);
    const start = Math.max(0, pos - 10);
    const end = Math.min(n, pos + 10);
    const text = s.slice(start, end);
    if (start === 0) fail(`Unexpected token '${c}', "${text}"... is not valid JSON`);
    if (end === n) fail(`Unexpected token '${c}', ..."${text}" is not valid JSON`);
    fail(`Unexpected token '${c}', ..."${text}"... is not valid JSON`);
  };
  const space = () => { while (i < n && ' \t\n\r'.includes(s[i])) i++; };
  const digits = () => { const from = i; while (i < n && s[i] >= '0' && s[i] <= '9') i++; return i > from; };
  const literal = (word) => {
    for (let j = 0; j < word.length; j++, i++) if (s[i] !== word[j]) token(i);
  };
  const string = () => {
    i++;
    for (;;) {
      if (i >= n) at('Unterminated string', i);
      const c = s[i];
      if (c === '"') { i++; return; }
      if (c < ' ') at('Bad control character in string literal', i);
      if (c === '\\') {
        i++;
        if (i >= n) fail('Unexpected end of JSON input');
        const e = s[i];
        if (e === 'u') {
          for (let j = 1; j <= 4; j++) if (!/[0-9a-fA-F]/.test(s[i + j] || '')) at('Bad Unicode escape', i + j);
          i += 4;
        } else if (!'"\\/bfnrt'.includes(e)) {
          at('Bad escaped character', i);
        }
      }
      i++;
    }
  };
  const number = () => {
    if (s[i] === '-') {
      i++;
      if (!(s[i] >= '0' && s[i] <= '9')) at('No number after minus sign', i);
    }
    if (s[i] === '0') {
      i++;
      if (s[i] >= '0' && s[i] <= '9') at('Unexpected number', i);
    } else digits();
    if (s[i] === '.') {
      i++;
      if (!digits()) at('Unterminated fractional number', i);
    }
    if (s[i] === 'e' || s[i] === 'E') {
      i++;
      if (s[i] === '+' || s[i] === '-') i++;
      if (!digits()) at('Exponent part is missing a number', i);
    }
  };
  const value = () => {
    space();
    const c = s[i];
    if (c === '{') object();
    else if (c === '[') array();
    else if (c === '"') string();
    else if (c === '-' || (c >= '0' && c <= '9')) number();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else token(i);
  };
  const array = () => {
    i++;
    space();
    if (s[i] === ']') { i++; return; }
    for (;;) {
      value();
      space();
      if (s[i] === ',') { i++; continue; }
      if (s[i] === ']') { i++; return; }
      at("Expected ',' or ']' after array element", i);
    }
  };
  const object = () => {
    i++;
    space();
    if (s[i] === '}') { i++; return; }
    for (let first = true; ; first = false) {
      space();
      if (s[i] !== '"') at(first ? "Expected property name or '}'" : 'Expected double-quoted property name', i);
      string();
      space();
      if (s[i] !== ':') {
        if (first) at("Expected ':' after property name", i);
        token(i);
      }
      i++;
      value();
      space();
      if (s[i] === ',') { i++; continue; }
      if (s[i] === '}') { i++; return; }
      at("Expected ',' or '}' after property value", i);
    }
  };
  if (['undefined', 'NaN', 'Infinity', '[object Object]'].includes(s)) return `"${s}" is not valid JSON`;
  try {
    value();
    space();
    if (i < n) fail(`Unexpected non-whitespace character after JSON at position ${i}`);
  } catch (e) {
    if (e instanceof JsonStop) return e.message;
    throw e;
  }
  return undefined;
}

class JsonStop {
  constructor(message) { this.message = message; }
}

module.exports = {
  jsonMessage,
  setup(i) {
    i.wrapped = new Map();
    Error.prepareStackTrace = prepareStackTrace;
    Error.stackTraceLimit = 10;
    if (typeof Error.captureStackTrace !== 'function') {
      Error.captureStackTrace = function captureStackTrace(obj) {
        const e = new Error();
        Object.defineProperty(obj, 'stack', { value: headOf(obj) + e.stack.slice(e.stack.indexOf('\n')), writable: true, configurable: true });
      };
    }
    k.setRejectionHook((promise, reason, handled) => {
      if (handled) pending.delete(promise);
      else pending.set(promise, reason);
    });
  },
  stackOf,
  currentStack,
  // An uncaught exception: -1 when `uncaughtException` listeners took it, else the status.
  fatal(err) {
    const p = internals.process;
    if (p.listenerCount('uncaughtException') > 0) {
      p.emit('uncaughtException', err, 'uncaughtException');
      return -1;
    }
    k.write(2, report(err));
    return 1;
  },
  // After the promise jobs: false (nothing), true (a listener took one), or the status.
  rejections() {
    if (pending.size === 0) return false;
    const [promise, reason] = pending.entries().next().value;
    pending.delete(promise);
    const p = internals.process;
    if (p.listenerCount('unhandledRejection') > 0) {
      p.emit('unhandledRejection', reason, promise);
      return true;
    }
    if (p.listenerCount('uncaughtException') > 0) {
      p.emit('uncaughtException', reason, 'unhandledRejection');
      return true;
    }
    k.write(2, rejectionReport(reason));
    return 1;
  },
};
