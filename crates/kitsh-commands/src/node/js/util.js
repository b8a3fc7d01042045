// `util`: `inspect` and `format` (from `inspect.js`), and the rest of the module agents use:
// promisify, callbackify, inherits, deprecate, isDeepStrictEqual, structuredClone, types,
// parseArgs, styleText, stripVTControlCharacters, the old `is*` predicates.

const { inspect, format, formatWithOptions, predicates } = require('inspect');
const {
  isPromise, isRegExp, isDate, isMap, isSet, isWeakMap, isWeakSet, isTypedArray, isArrayBuffer, isSharedArrayBuffer,
  isDataView, isBoxedPrimitive, isAsyncFunction, isGeneratorFunction, isGeneratorObject, isMapIterator, isSetIterator,
  isError, isArguments, tagOf, isProxy,
} = predicates;

// ---- the rest of util ----------------------------------------------------------------------------
function describeReceived(v) {
  if (v == null) return ` ${v}`;
  if (typeof v === 'function') return `function ${v.name}`;
  if (typeof v === 'object') {
    if (v.constructor && v.constructor.name) return `an instance of ${v.constructor.name}`;
    return inspect(v, { depth: -1 });
  }
  let shown = inspect(v, { colors: false });
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return `type ${typeof v} (${shown})`;
}

const kCustomPromisify = Symbol.for('nodejs.util.promisify.custom');
function promisify(original) {
  if (typeof original !== 'function') {
    const e = new TypeError(`The "original" argument must be of type function. Received ${describeReceived(original)}`);
    e.code = 'ERR_INVALID_ARG_TYPE';
    throw e;
  }
  if (original[kCustomPromisify]) return original[kCustomPromisify];
  function fn(...args) {
    return new Promise((resolve, reject) => {
      original.call(this, ...args, (err, ...values) => {
        if (err) return reject(err);
        resolve(values.length > 1 ? values : values[0]);
      });
    });
  }
  Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
  Object.defineProperty(fn, kCustomPromisify, { value: fn, enumerable: false, writable: false, configurable: true });
  return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
}
promisify.custom = kCustomPromisify;

function callbackify(original) {
  return function (...args) {
    const cb = args.pop();
    original.apply(this, args).then((v) => queueMicrotask(() => cb(null, v)), (err) => queueMicrotask(() => cb(err)));
  };
}

function inherits(ctor, superCtor) {
  Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}

const warned = new Set();
function deprecate(fn, msg, code) {
  return function (...args) {
    if (!warned.has(msg)) {
      warned.add(msg);
      process.emitWarning(msg, 'DeprecationWarning', code);
    }
    return new.target ? Reflect.construct(fn, args, new.target) : fn.apply(this, args);
  };
}

function isDeepStrictEqual(a, b) {
  return require('assert').deepEquals(a, b, true);
}

function structuredClone(value) {
  const seen = new Map();
  const clone = (v) => {
    if (typeof v !== 'object' || v === null) {
      if (typeof v === 'function' || typeof v === 'symbol') {
        const e = new Error(`${typeof v === 'function' ? String(v) : v.toString()} could not be cloned.`);
        e.name = 'DataCloneError';
        e.code = 25;
        throw e;
      }
      return v;
    }
    if (seen.has(v)) return seen.get(v);
    let out;
    if (Array.isArray(v)) {
      out = [];
      seen.set(v, out);
      for (let i = 0; i < v.length; i++) out[i] = clone(v[i]);
      return out;
    }
    if (isDate(v)) return new Date(v.getTime());
    if (isRegExp(v)) return new RegExp(v.source, v.flags);
    if (isMap(v)) {
      out = new Map();
      seen.set(v, out);
      for (const [key, val] of v) out.set(clone(key), clone(val));
      return out;
    }
    if (isSet(v)) {
      out = new Set();
      seen.set(v, out);
      for (const val of v) out.add(clone(val));
      return out;
    }
    if (ArrayBuffer.isView(v)) return new v.constructor(v);
    if (isError(v)) {
      out = new (globalThis[v.name] || Error)(v.message);
      if (v.stack) out.stack = v.stack;
      return out;
    }
    out = {};
    seen.set(v, out);
    for (const key of Object.keys(v)) out[key] = clone(v[key]);
    return out;
  };
  return clone(value);
}

const types = {
  isPromise, isRegExp, isDate, isMap, isSet, isWeakMap, isWeakSet, isTypedArray, isArrayBuffer, isSharedArrayBuffer, isDataView,
  isBoxedPrimitive, isAsyncFunction, isGeneratorFunction, isGeneratorObject, isMapIterator, isSetIterator,
  isNativeError: isError,
  isArgumentsObject: isArguments,
  isAnyArrayBuffer: (v) => isArrayBuffer(v) || isSharedArrayBuffer(v),
  isArrayBufferView: (v) => ArrayBuffer.isView(v),
  isUint8Array: (v) => v instanceof Uint8Array,
  isNumberObject: (v) => typeof v === 'object' && tagOf(v) === '[object Number]',
  isStringObject: (v) => typeof v === 'object' && tagOf(v) === '[object String]',
  isBooleanObject: (v) => typeof v === 'object' && tagOf(v) === '[object Boolean]',
  isSymbolObject: (v) => typeof v === 'object' && tagOf(v) === '[object Symbol]',
  isProxy,
  isExternal: () => false,
  isModuleNamespaceObject: (v) => tagOf(v) === '[object Module]',
};

function stripVTControlCharacters(str) {
  return String(str).replace(/[\u001B\u009B][[\]()#;?]*(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\u0007|(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-ntqry=><~])/g, '');
}

function styleText(format, text) {
  const formats = Array.isArray(format) ? format : [format];
  let left = '';
  let right = '';
  for (const f of formats) {
    const c = inspect.colors[f];
    if (c === undefined) {
      const e = new TypeError(`The argument 'format' must be one of: ${Object.keys(inspect.colors).join(', ')}. Received ${inspect(f)}`);
      e.code = 'ERR_INVALID_ARG_VALUE';
      throw e;
    }
    left += `\u001b[${c[0]}m`;
    right = `\u001b[${c[1]}m${right}`;
  }
  return `${left}${text}${right}`;
}

function parseArgs(config = {}) {
  const args = config.args !== undefined ? config.args : process.argv.slice(2);
  const options = config.options || {};
  const strict = config.strict !== undefined ? config.strict : true;
  const allowPositionals = config.allowPositionals !== undefined ? config.allowPositionals : !strict;
  const values = Object.create(null);
  const positionals = [];
  const byShort = {};
  for (const [name, o] of Object.entries(options)) if (o.short) byShort[o.short] = name;
  const store = (name, value) => {
    const o = options[name];
    if (o && o.multiple) (values[name] = values[name] || []).push(value);
    else values[name] = value;
  };
  const fail = (msg, code) => {
    const e = new TypeError(msg);
    e.code = code;
    throw e;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) {
      let [name, value] = arg.slice(2).split(/=(.*)/s);
      const o = options[name];
      if (!o) {
        if (strict) fail(`Unknown option '--${name}'`, 'ERR_PARSE_ARGS_UNKNOWN_OPTION');
        store(name, value === undefined ? true : value);
        continue;
      }
      if (o.type === 'string') {
        if (value === undefined) value = args[++i];
        if (value === undefined && strict) fail(`Option '--${name} <value>' argument missing`, 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE');
        store(name, value);
      } else {
        store(name, true);
      }
    } else if (arg.startsWith('-') && arg.length > 1) {
      for (let j = 1; j < arg.length; j++) {
        const short = arg[j];
        const name = byShort[short];
        if (!name) {
          if (strict) fail(`Unknown option '-${short}'`, 'ERR_PARSE_ARGS_UNKNOWN_OPTION');
          store(short, true);
          continue;
        }
        if (options[name].type === 'string') {
          const value = j + 1 < arg.length ? arg.slice(j + 1) : args[++i];
          store(name, value);
          break;
        }
        store(name, true);
      }
    } else {
      if (!allowPositionals && strict) fail(`Unexpected argument '${arg}'. This command does not take positional arguments`, 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL');
      positionals.push(arg);
    }
  }
  for (const [name, o] of Object.entries(options)) {
    if (values[name] === undefined && o.default !== undefined) values[name] = o.default;
  }
  return { values, positionals };
}

module.exports = {
  inspect,
  format,
  formatWithOptions,
  promisify,
  callbackify,
  inherits,
  deprecate,
  isDeepStrictEqual,
  structuredClone,
  types,
  stripVTControlCharacters,
  styleText,
  parseArgs,
  describeReceived,
  isArray: Array.isArray,
  isBoolean: (v) => typeof v === 'boolean',
  isNull: (v) => v === null,
  isNullOrUndefined: (v) => v == null,
  isNumber: (v) => typeof v === 'number',
  isString: (v) => typeof v === 'string',
  isSymbol: (v) => typeof v === 'symbol',
  isUndefined: (v) => v === undefined,
  isRegExp,
  isObject: (v) => v !== null && typeof v === 'object',
  isDate,
  isError,
  isFunction: (v) => typeof v === 'function',
  isPrimitive: (v) => v === null || (typeof v !== 'object' && typeof v !== 'function'),
  toUSVString: (s) => String(s).toWellFormed(),
  debuglog: () => Object.assign(() => {}, { enabled: false }),
  debug: () => Object.assign(() => {}, { enabled: false }),
  getSystemErrorName: (n) => `Unknown system error ${n}`,
  aborted: () => Promise.resolve(),
  get TextEncoder() { return require('buffer').TextEncoder; },
  get TextDecoder() { return require('buffer').TextDecoder; },
};
