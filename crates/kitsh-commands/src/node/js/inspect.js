// `util.inspect` and `util.format` as Node 20 writes values (what `console.log` prints): a port
// of Node's algorithm (lib/internal/util/inspect.js) on QuickJS's reflection: line breaking at
// 80 columns with up to 3 inner levels on one line, grouped arrays of short entries, `[Object]`
// past the depth, `<ref *1>` cycles, class names, Map/Set/Buffer/typed arrays, errors by their
// stack, and the `%s %d %i %f %j %o %O %c` directives.
const kObjectType = 0;
const kArrayType = 1;
const kArrayExtrasType = 2;
const kMinLineWidth = 16;

const inspectDefaultOptions = {
  showHidden: false,
  depth: 2,
  colors: false,
  customInspect: true,
  showProxy: false,
  maxArrayLength: 100,
  maxStringLength: 10000,
  breakLength: 80,
  compact: 3,
  sorted: false,
  getters: false,
  numericSeparator: false,
};

const customInspectSymbol = Symbol.for('nodejs.util.inspect.custom');
const k = internals.k;

const keyStrRegExp = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
const numberRegExp = /^(0|[1-9][0-9]*)$/;
const strEscapeSequencesRegExp = /[\x00-\x1f\x27\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const strEscapeSequencesReplacer = /[\x00-\x1f\x27\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const strEscapeSequencesRegExpSingle = /[\x00-\x1f\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const strEscapeSequencesReplacerSingle = /[\x00-\x1f\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const meta = [
  '\\x00', '\\x01', '\\x02', '\\x03', '\\x04', '\\x05', '\\x06', '\\x07',
  '\\b', '\\t', '\\n', '\\x0B', '\\f', '\\r', '\\x0E', '\\x0F',
  '\\x10', '\\x11', '\\x12', '\\x13', '\\x14', '\\x15', '\\x16', '\\x17',
  '\\x18', '\\x19', '\\x1A', '\\x1B', '\\x1C', '\\x1D', '\\x1E', '\\x1F',
  '', '', '', '', '', '', '', "\\'", '', '', '', '', '', '', '', '',
  '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '',
  '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '',
  '', '', '', '', '', '', '', '', '', '', '', '', '\\\\', '', '', '',
  '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '',
  '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '\\x7F',
  '\\x80', '\\x81', '\\x82', '\\x83', '\\x84', '\\x85', '\\x86', '\\x87',
  '\\x88', '\\x89', '\\x8A', '\\x8B', '\\x8C', '\\x8D', '\\x8E', '\\x8F',
  '\\x90', '\\x91', '\\x92', '\\x93', '\\x94', '\\x95', '\\x96', '\\x97',
  '\\x98', '\\x99', '\\x9A', '\\x9B', '\\x9C', '\\x9D', '\\x9E', '\\x9F',
];

function escapeFn(str) {
  const c = str.charCodeAt(0);
  return c < meta.length && meta[c] !== '' ? meta[c] : `\\u${c.toString(16)}`;
}

function addQuotes(str, quotes) {
  if (quotes === -1) return `"${str}"`;
  if (quotes === -2) return `\`${str}\``;
  return `'${str}'`;
}

function strEscape(str) {
  let escapeTest = strEscapeSequencesRegExp;
  let escapeReplace = strEscapeSequencesReplacer;
  let singleQuote = 39;
  if (str.includes("'")) {
    if (!str.includes('"')) singleQuote = -1;
    else if (!str.includes('`') && !str.includes('${')) singleQuote = -2;
    if (singleQuote !== 39) {
      escapeTest = strEscapeSequencesRegExpSingle;
      escapeReplace = strEscapeSequencesReplacerSingle;
    }
  }
  if (str.length < 5000 && !escapeTest.test(str)) return addQuotes(str, singleQuote);
  return addQuotes(str.replace(escapeReplace, escapeFn), singleQuote);
}

function stylizeNoColor(str) {
  return str;
}

const colorCodes = {
  special: [36, 39], number: [33, 39], bigint: [33, 39], boolean: [33, 39], undefined: [90, 39], null: [1, 22],
  string: [32, 39], symbol: [32, 39], date: [35, 39], regexp: [31, 39], module: [4, 24],
};
function stylizeWithColor(str, styleType) {
  const c = colorCodes[styleType];
  return c ? `\u001b[${c[0]}m${str}\u001b[${c[1]}m` : str;
}

function inspect(value, opts) {
  const ctx = {
    budget: {},
    indentationLvl: 0,
    seen: [],
    currentDepth: 0,
    stylize: stylizeNoColor,
    showHidden: inspectDefaultOptions.showHidden,
    depth: inspectDefaultOptions.depth,
    colors: inspectDefaultOptions.colors,
    customInspect: inspectDefaultOptions.customInspect,
    showProxy: inspectDefaultOptions.showProxy,
    maxArrayLength: inspectDefaultOptions.maxArrayLength,
    maxStringLength: inspectDefaultOptions.maxStringLength,
    breakLength: inspectDefaultOptions.breakLength,
    compact: inspectDefaultOptions.compact,
    sorted: inspectDefaultOptions.sorted,
    getters: inspectDefaultOptions.getters,
    numericSeparator: inspectDefaultOptions.numericSeparator,
  };
  if (arguments.length > 1) {
    if (arguments.length > 2) {
      if (arguments[2] !== undefined) ctx.depth = arguments[2];
      if (arguments.length > 3 && arguments[3] !== undefined) ctx.colors = arguments[3];
    }
    if (typeof opts === 'boolean') {
      ctx.showHidden = opts;
    } else if (opts) {
      for (const key of Object.keys(opts)) {
        if (Object.prototype.hasOwnProperty.call(inspectDefaultOptions, key) || key === 'stylize') ctx[key] = opts[key];
        else if (ctx.userOptions === undefined) ctx.userOptions = opts;
      }
    }
  }
  if (ctx.colors) ctx.stylize = stylizeWithColor;
  if (ctx.maxArrayLength === null) ctx.maxArrayLength = Infinity;
  if (ctx.maxStringLength === null) ctx.maxStringLength = Infinity;
  return formatValue(ctx, value, 0);
}
inspect.custom = customInspectSymbol;
Object.defineProperty(inspect, 'defaultOptions', {
  get() { return inspectDefaultOptions; },
  set(options) { Object.assign(inspectDefaultOptions, options); },
});
inspect.colors = Object.assign(Object.create(null), {
  reset: [0, 0], bold: [1, 22], dim: [2, 22], italic: [3, 23], underline: [4, 24], blink: [5, 25], inverse: [7, 27],
  hidden: [8, 28], strikethrough: [9, 29], doubleunderline: [21, 24], black: [30, 39], red: [31, 39], green: [32, 39],
  yellow: [33, 39], blue: [34, 39], magenta: [35, 39], cyan: [36, 39], white: [37, 39], bgBlack: [40, 49], bgRed: [41, 49],
  bgGreen: [42, 49], bgYellow: [43, 49], bgBlue: [44, 49], bgMagenta: [45, 49], bgCyan: [46, 49], bgWhite: [47, 49],
  gray: [90, 39], grey: [90, 39],
});
inspect.styles = Object.assign(Object.create(null), {
  special: 'cyan', number: 'yellow', bigint: 'yellow', boolean: 'yellow', undefined: 'grey', null: 'bold', string: 'green',
  symbol: 'green', date: 'magenta', regexp: 'red', module: 'underline',
});

function isProxy() {
  return false;
}

function formatValue(ctx, value, recurseTimes, typedArray) {
  if (typeof value !== 'object' && typeof value !== 'function') {
    return formatPrimitive(ctx.stylize, value, ctx);
  }
  if (value === null) return ctx.stylize('null', 'null');
  if (ctx.customInspect) {
    let maybeCustom;
    try {
      maybeCustom = value[customInspectSymbol];
    } catch (_) { /* a throwing getter: no custom inspect */ }
    if (typeof maybeCustom === 'function' && maybeCustom !== inspect) {
      const depth = ctx.depth === null ? null : ctx.depth - recurseTimes;
      const options = Object.assign({}, ctx.userOptions, ctxOptions(ctx), { depth });
      const ret = maybeCustom.call(value, depth, options, inspect);
      if (ret !== value) {
        if (typeof ret !== 'string') return formatValue(ctx, ret, recurseTimes);
        return ret.replaceAll('\n', `\n${' '.repeat(ctx.indentationLvl)}`);
      }
    }
  }
  if (ctx.seen.includes(value)) {
    let index = 1;
    if (ctx.circular === undefined) {
      ctx.circular = new Map();
      ctx.circular.set(value, index);
    } else {
      index = ctx.circular.get(value);
      if (index === undefined) {
        index = ctx.circular.size + 1;
        ctx.circular.set(value, index);
      }
    }
    return ctx.stylize(`[Circular *${index}]`, 'special');
  }
  return formatRaw(ctx, value, recurseTimes, typedArray);
}

function ctxOptions(ctx) {
  const o = {};
  for (const key of Object.keys(inspectDefaultOptions)) o[key] = ctx[key];
  o.stylize = ctx.stylize;
  return o;
}

function getConstructorName(obj, ctx, recurseTimes) {
  let firstProto;
  const tmp = obj;
  while (obj || isUndetectableObject(obj)) {
    const descriptor = Object.getOwnPropertyDescriptor(obj, 'constructor');
    if (descriptor !== undefined && typeof descriptor.value === 'function' && descriptor.value.name !== '' && isInstanceof(tmp, descriptor.value)) {
      return String(descriptor.value.name);
    }
    obj = Object.getPrototypeOf(obj);
    if (firstProto === undefined) firstProto = obj;
  }
  if (firstProto === null) return null;
  const res = internalGetConstructorName(tmp);
  if (recurseTimes > ctx.depth && ctx.depth !== null) return `${res} <Complex prototype>`;
  const protoConstr = getConstructorName(firstProto, ctx, recurseTimes + 1);
  if (protoConstr === null) {
    return `${res} <${inspect(firstProto, Object.assign({}, ctxOptions(ctx), { customInspect: false, depth: -1 }))}>`;
  }
  return `${res} <${protoConstr}>`;
}

function isUndetectableObject() {
  return false;
}

function internalGetConstructorName(v) {
  const s = Object.prototype.toString.call(v);
  return s.slice(8, -1);
}

function isInstanceof(object, proto) {
  try {
    return object instanceof proto;
  } catch (_) {
    return false;
  }
}

function getPrefix(constructor, tag, fallback, size = '') {
  if (constructor === null) {
    if (tag !== '' && fallback !== tag) return `[${fallback}${size}: null prototype] [${tag}] `;
    return `[${fallback}${size}: null prototype] `;
  }
  if (tag !== '' && constructor !== tag) return `${constructor}${size} [${tag}] `;
  return `${constructor}${size} `;
}

function getKeys(value, showHidden) {
  let keys;
  const symbols = Object.getOwnPropertySymbols(value);
  if (showHidden) {
    keys = Object.getOwnPropertyNames(value);
    if (symbols.length !== 0) keys.push(...symbols);
  } else {
    try {
      keys = Object.keys(value);
    } catch (err) {
      keys = Object.getOwnPropertyNames(value);
    }
    if (symbols.length !== 0) keys.push(...symbols.filter((key) => Object.prototype.propertyIsEnumerable.call(value, key)));
  }
  return keys;
}

function getOwnNonIndexProperties(value, showHidden) {
  const names = showHidden ? Object.getOwnPropertyNames(value) : Object.keys(value);
  const out = [];
  for (const n of names) {
    if (numberRegExp.test(n) && Number(n) < 4294967295) continue;
    out.push(n);
  }
  for (const s of Object.getOwnPropertySymbols(value)) {
    if (showHidden || Object.prototype.propertyIsEnumerable.call(value, s)) out.push(s);
  }
  return out;
}

const typedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
const typedArrayTag = Object.getOwnPropertyDescriptor(typedArrayProto, Symbol.toStringTag).get;
function isTypedArray(v) {
  return typedArrayTag.call(v) !== undefined;
}
function isArguments(v) {
  return Object.prototype.toString.call(v) === '[object Arguments]';
}
function tagOf(v) {
  return Object.prototype.toString.call(v);
}
function isMap(v) {
  try { Map.prototype.has.call(v); return true; } catch (_) { return false; }
}
function isSet(v) {
  try { Set.prototype.has.call(v); return true; } catch (_) { return false; }
}
function isWeakMap(v) {
  try { WeakMap.prototype.has.call(v, {}); return true; } catch (_) { return false; }
}
function isWeakSet(v) {
  try { WeakSet.prototype.has.call(v, {}); return true; } catch (_) { return false; }
}
function isDate(v) {
  try { Date.prototype.getTime.call(v); return true; } catch (_) { return false; }
}
function isRegExp(v) {
  try { Object.getOwnPropertyDescriptor(RegExp.prototype, 'source').get.call(v); return true; } catch (_) { return false; }
}
function isPromise(v) {
  return v instanceof Promise || tagOf(v) === '[object Promise]';
}
function isError(v) {
  return v instanceof Error || tagOf(v) === '[object Error]';
}
function isArrayBuffer(v) {
  try { Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get.call(v); return true; } catch (_) { return false; }
}
function isSharedArrayBuffer(v) {
  if (typeof SharedArrayBuffer === 'undefined') return false;
  try { Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'byteLength').get.call(v); return true; } catch (_) { return false; }
}
function isDataView(v) {
  try { Object.getOwnPropertyDescriptor(DataView.prototype, 'byteLength').get.call(v); return true; } catch (_) { return false; }
}
function isMapIterator(v) {
  return tagOf(v) === '[object Map Iterator]';
}
function isSetIterator(v) {
  return tagOf(v) === '[object Set Iterator]';
}
function isBoxedPrimitive(v) {
  for (const [C, probe] of [[Number, 'valueOf'], [String, 'valueOf'], [Boolean, 'valueOf'], [BigInt, 'valueOf'], [Symbol, 'valueOf']]) {
    try { C.prototype[probe].call(v); return true; } catch (_) { /* not this one */ }
  }
  return false;
}
function isAsyncFunction(v) {
  return tagOf(v) === '[object AsyncFunction]' || tagOf(v) === '[object AsyncGeneratorFunction]';
}
function isGeneratorFunction(v) {
  return tagOf(v) === '[object GeneratorFunction]' || tagOf(v) === '[object AsyncGeneratorFunction]';
}
function isGeneratorObject(v) {
  return tagOf(v) === '[object Generator]';
}

function formatRaw(ctx, value, recurseTimes, typedArray) {
  let keys;
  const constructor = getConstructorName(value, ctx, recurseTimes);
  let tag = value[Symbol.toStringTag];
  if (typeof tag !== 'string' || (tag !== '' && (ctx.showHidden ? Object.prototype.hasOwnProperty : Object.prototype.propertyIsEnumerable).call(value, Symbol.toStringTag))) {
    tag = '';
  }
  let base = '';
  let formatter = getEmptyFormatArray;
  let braces;
  let noIterator = true;
  let i = 0;
  let extrasType = kObjectType;

  if (Symbol.iterator in value || constructor === null) {
    noIterator = false;
    if (Array.isArray(value)) {
      const prefix = constructor !== 'Array' || tag !== '' ? getPrefix(constructor, tag, 'Array', `(${value.length})`) : '';
      keys = getOwnNonIndexProperties(value, ctx.showHidden);
      braces = [`${prefix}[`, ']'];
      if (value.length === 0 && keys.length === 0) return `${braces[0]}]`;
      extrasType = kArrayExtrasType;
      formatter = formatArray;
    } else if (isSet(value)) {
      const size = value.size;
      const prefix = getPrefix(constructor, tag, 'Set', `(${size})`);
      keys = getKeys(value, ctx.showHidden);
      formatter = formatSet.bind(null, value);
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, '}'];
    } else if (isMap(value)) {
      const size = value.size;
      const prefix = getPrefix(constructor, tag, 'Map', `(${size})`);
      keys = getKeys(value, ctx.showHidden);
      formatter = formatMap.bind(null, value);
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, '}'];
    } else if (isTypedArray(value)) {
      keys = getOwnNonIndexProperties(value, ctx.showHidden);
      const fallback = constructor === null ? typedArrayTag.call(value) : '';
      const size = value.length;
      const prefix = getPrefix(constructor, tag, fallback, `(${size})`);
      braces = [`${prefix}[`, ']'];
      if (value.length === 0 && keys.length === 0 && !ctx.showHidden) return `${braces[0]}]`;
      formatter = formatTypedArray.bind(null, value, size);
      extrasType = kArrayExtrasType;
    } else if (isMapIterator(value)) {
      keys = getKeys(value, ctx.showHidden);
      braces = [`[${tag}] {`, '}'];
      formatter = formatIterator.bind(null, braces);
    } else if (isSetIterator(value)) {
      keys = getKeys(value, ctx.showHidden);
      braces = [`[${tag}] {`, '}'];
      formatter = formatIterator.bind(null, braces);
    } else {
      noIterator = true;
    }
  }
  if (noIterator) {
    keys = getKeys(value, ctx.showHidden);
    braces = ['{', '}'];
    if (constructor === 'Object') {
      if (isArguments(value)) {
        braces[0] = '[Arguments] [';
      } else if (tag !== '') {
        braces[0] = `${getPrefix(constructor, tag, 'Object')}{`;
      }
      if (isArguments(value)) {
        extrasType = kArrayExtrasType;
        formatter = formatArguments;
        keys = getOwnNonIndexProperties(value, ctx.showHidden).filter((key) => key !== 'length' && key !== 'callee');
        braces[1] = ']';
        if (value.length === 0 && keys.length === 0) return '[Arguments] []';
      } else if (keys.length === 0) {
        return `${braces[0]}}`;
      }
    } else if (typeof value === 'function') {
      base = getFunctionBase(value, constructor, tag);
      if (keys.length === 0) return ctx.stylize(base, 'special');
    } else if (isRegExp(value)) {
      base = RegExp.prototype.toString.call(constructor !== null ? value : new RegExp(value));
      const prefix = getPrefix(constructor, tag, 'RegExp');
      if (prefix !== 'RegExp ') base = `${prefix}${base}`;
      if (keys.length === 0 || (recurseTimes > ctx.depth && ctx.depth !== null)) return ctx.stylize(base, 'regexp');
    } else if (isDate(value)) {
      if (keys.length === 0) {
        return Number.isNaN(Date.prototype.getTime.call(value))
          ? ctx.stylize(Date.prototype.toString.call(value), 'date')
          : ctx.stylize(Date.prototype.toISOString.call(value), 'date');
      }
      base = Number.isNaN(Date.prototype.getTime.call(value)) ? Date.prototype.toString.call(value) : Date.prototype.toISOString.call(value);
      const prefix = getPrefix(constructor, tag, 'Date');
      if (prefix !== 'Date ') base = `${prefix}${base}`;
    } else if (isError(value)) {
      base = formatError(value, constructor, tag, ctx, keys);
      if (keys.length === 0) return base;
    } else if (isArrayBuffer(value) || isSharedArrayBuffer(value)) {
      const arrayType = isArrayBuffer(value) ? 'ArrayBuffer' : 'SharedArrayBuffer';
      const prefix = getPrefix(constructor, tag, arrayType);
      if (typedArray === undefined) {
        formatter = formatArrayBuffer;
      } else if (keys.length === 0) {
        return prefix + `{ byteLength: ${formatNumber(ctx.stylize, value.byteLength, false)} }`;
      }
      braces[0] = `${prefix}{`;
      keys.unshift('byteLength');
    } else if (isDataView(value)) {
      braces[0] = `${getPrefix(constructor, tag, 'DataView')}{`;
      keys.unshift('byteLength', 'byteOffset', 'buffer');
    } else if (isPromise(value)) {
      braces[0] = `${getPrefix(constructor, tag, 'Promise')}{`;
      formatter = formatPromise;
    } else if (isWeakSet(value)) {
      braces[0] = `${getPrefix(constructor, tag, 'WeakSet')}{`;
      formatter = formatWeakCollection;
    } else if (isWeakMap(value)) {
      braces[0] = `${getPrefix(constructor, tag, 'WeakMap')}{`;
      formatter = formatWeakCollection;
    } else if (tagOf(value) === '[object Module]') {
      braces[0] = `${getPrefix(constructor, tag, 'Module')}{`;
    } else if (isBoxedPrimitive(value)) {
      base = getBoxedBase(value, ctx, keys, constructor, tag);
      if (keys.length === 0) return base;
    } else if (isGeneratorObject(value)) {
      braces[0] = `${getPrefix(constructor, tag, 'Object')}{`;
      if (keys.length === 0) return `Object [Generator] {}`;
    } else {
      if (keys.length === 0) return `${getCtxName(constructor, tag, 'Object')}{}`;
      braces[0] = `${getCtxName(constructor, tag, 'Object')}{`;
    }
  }

  if (recurseTimes > ctx.depth && ctx.depth !== null) {
    let constructorName = getCtxName(constructor, tag, 'Object').slice(0, -1);
    if (constructor !== null) constructorName = `[${constructorName}]`;
    return ctx.stylize(constructorName, 'special');
  }
  recurseTimes += 1;
  ctx.seen.push(value);
  ctx.currentDepth = recurseTimes;
  let output;
  try {
    output = formatter(ctx, value, recurseTimes);
    for (i = 0; i < keys.length; i++) {
      output.push(formatProperty(ctx, value, recurseTimes, keys[i], extrasType));
    }
  } catch (err) {
    if (err instanceof RangeError && /call stack/i.test(err.message)) {
      ctx.seen.pop();
      return ctx.stylize(`[${getCtxName(constructor, tag, 'Object').slice(0, -1)}: Inspection interrupted prematurely. Maximum call stack size exceeded.]`, 'special');
    }
    throw err;
  }
  if (ctx.circular !== undefined) {
    const index = ctx.circular.get(value);
    if (index !== undefined) {
      const reference = ctx.stylize(`<ref *${index}>`, 'special');
      if (ctx.compact !== true) base = base === '' ? reference : `${reference} ${base}`;
      else braces[0] = `${reference} ${braces[0]}`;
    }
  }
  ctx.seen.pop();
  if (ctx.sorted) {
    const comparator = ctx.sorted === true ? undefined : ctx.sorted;
    if (extrasType === kObjectType) output = output.sort(comparator);
    else if (keys.length > 1) {
      const sorted = output.slice(output.length - keys.length).sort(comparator);
      output.splice(output.length - keys.length, keys.length, ...sorted);
    }
  }
  const res = reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value);
  const budget = ctx.budget[ctx.indentationLvl] || 0;
  const newLength = budget + res.length;
  ctx.budget[ctx.indentationLvl] = newLength;
  if (newLength > 2 ** 27) ctx.depth = -1;
  return res;
}

function getCtxName(constructor, tag, fallback) {
  return getPrefix(constructor, tag, fallback);
}

function getEmptyFormatArray() {
  return [];
}

function getFunctionBase(value, constructor, tag) {
  let stringified;
  try {
    stringified = Function.prototype.toString.call(value);
  } catch (_) {
    stringified = '';
  }
  if (stringified.startsWith('class') && stringified.endsWith('}')) {
    const slice = stringified.slice(5, -1);
    const bracketIndex = slice.indexOf('{');
    if (bracketIndex !== -1 && (!slice.slice(0, bracketIndex).includes('(') || /^\s*extends\s/.test(slice.slice(0, bracketIndex)) || /\s+extends\s+/.test(slice.slice(0, bracketIndex)))) {
      return getClassBase(value, constructor, tag);
    }
  }
  let type = 'Function';
  if (isGeneratorFunction(value)) type = `Generator${type}`;
  if (isAsyncFunction(value)) type = `Async${type}`;
  let base = `[${type}`;
  if (constructor === null) base += ' (null prototype)';
  if (value.name === '') base += ' (anonymous)';
  else base += `: ${value.name}`;
  base += ']';
  if (constructor !== type && constructor !== null) base += ` ${constructor}`;
  if (tag !== '' && constructor !== tag) base += ` [${tag}]`;
  return base;
}

function getClassBase(value, constructor, tag) {
  const hasName = Object.prototype.hasOwnProperty.call(value, 'name');
  const name = (hasName && value.name) || '(anonymous)';
  let base = `class ${name}`;
  if (constructor !== 'Function' && constructor !== null) base += ` [${constructor}]`;
  if (tag !== '' && constructor !== tag) base += ` [${tag}]`;
  if (constructor !== null) {
    const superName = Object.getPrototypeOf(value).name;
    if (superName) base += ` extends ${superName}`;
  } else {
    base += ' extends [null prototype]';
  }
  return `[${base}]`;
}

function getBoxedBase(value, ctx, keys, constructor, tag) {
  let fn;
  let type;
  if (typeof value.valueOf === 'function' && tagOf(value) === '[object Number]') { fn = Number.prototype.valueOf; type = 'Number'; }
  else if (tagOf(value) === '[object String]') {
    fn = String.prototype.valueOf;
    type = 'String';
    keys.splice(0, value.length);
  } else if (tagOf(value) === '[object Boolean]') { fn = Boolean.prototype.valueOf; type = 'Boolean'; }
  else if (tagOf(value) === '[object BigInt]') { fn = BigInt.prototype.valueOf; type = 'BigInt'; }
  else { fn = Symbol.prototype.valueOf; type = 'Symbol'; }
  let base = `[${type}`;
  if (type !== constructor) {
    if (constructor === null) base += ' (null prototype)';
    else base += ` (${constructor})`;
  }
  base += `: ${formatPrimitive(stylizeNoColor, fn.call(value), ctx)}]`;
  if (tag !== '' && tag !== constructor) base += ` [${tag}]`;
  if (keys.length !== 0 || ctx.stylize === stylizeNoColor) return base;
  return ctx.stylize(base, type.toLowerCase());
}

function formatError(err, constructor, tag, ctx, keys) {
  const name = err.name != null ? String(err.name) : 'Error';
  const stack = getStackString(err);
  removeDuplicateErrorKeys(ctx, keys, err, stack);
  if ('cause' in err && (keys.length === 0 || !keys.includes('cause'))) keys.push('cause');
  if (Array.isArray(err.errors) && (keys.length === 0 || !keys.includes('errors'))) keys.push('errors');
  let out = improveStack(stack, constructor, name, tag);
  // Wrap the error in brackets in case it has no stack trace.
  let stackStart = out.indexOf('\n    at ');
  if (stackStart === -1) out = `[${out}]`;
  if (ctx.indentationLvl !== 0) {
    const indentation = ' '.repeat(ctx.indentationLvl);
    out = out.split('\n').join(`\n${indentation}`);
  }
  return out;
}

function getStackString(error) {
  return error.stack ? require('errors').currentStack(error) : Error.prototype.toString.call(error);
}

function removeDuplicateErrorKeys(ctx, keys, err, stack) {
  if (!ctx.showHidden && keys.length !== 0) {
    for (const name of ['name', 'message', 'stack']) {
      const index = keys.indexOf(name);
      if (index !== -1 && stack.includes(err[name])) keys.splice(index, 1);
    }
  }
}

function improveStack(stack, constructor, name, tag) {
  let len = name.length;
  if (constructor === null || (name.endsWith('Error') && stack.startsWith(name) && (stack.length === len || stack[len] === ':' || stack[len] === '\n'))) {
    let fallback = 'Error';
    if (constructor === null) {
      const start = /^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n\s+at)/.exec(stack) || /^([a-z_A-Z0-9-]*Error)$/.exec(stack);
      fallback = (start && start[1]) || '';
      len = fallback.length;
      fallback = fallback || 'Error';
    }
    const prefix = getPrefix(constructor, tag, fallback).slice(0, -1);
    if (name !== prefix) {
      if (prefix.includes(name)) {
        if (len === 0) stack = `${prefix}: ${stack}`;
        else stack = `${prefix}${stack.slice(len)}`;
      } else {
        stack = `${prefix} [${name}]${stack.slice(len)}`;
      }
    }
  }
  return stack;
}

function formatPromise(ctx, value, recurseTimes) {
  const [state, result] = k.promiseState(value);
  if (state === 'pending') return [ctx.stylize('<pending>', 'special')];
  ctx.indentationLvl += 2;
  const str = formatValue(ctx, result, recurseTimes);
  ctx.indentationLvl -= 2;
  return [state === 'rejected' ? `${ctx.stylize('<rejected>', 'special')} ${str}` : str];
}

function formatWeakCollection(ctx) {
  return [ctx.stylize('<items unknown>', 'special')];
}

function formatArrayBuffer(ctx, value) {
  let buffer;
  try {
    buffer = new Uint8Array(value);
  } catch (_) {
    return [ctx.stylize('(detached)', 'special')];
  }
  let str = hexSlice(buffer, 0, Math.min(ctx.maxArrayLength, buffer.length)).replace(/(.{2})/g, '$1 ').trim();
  const remaining = buffer.length - ctx.maxArrayLength;
  if (remaining > 0) str += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
  return [`${ctx.stylize('[Uint8Contents]', 'special')}: <${str}>`];
}

function hexSlice(buf, start, end) {
  let out = '';
  for (let i = start; i < end; i++) out += (buf[i] < 16 ? '0' : '') + buf[i].toString(16);
  return out;
}

function formatNumber(fn, number, numericSeparator) {
  if (!numericSeparator) {
    if (Object.is(number, -0)) return fn('-0', 'number');
    return fn(`${number}`, 'number');
  }
  const integer = Math.trunc(number);
  const string = String(integer);
  if (integer === number) {
    if (!Number.isFinite(number) || string.includes('e')) return fn(string, 'number');
    return fn(`${addNumericSeparator(string)}`, 'number');
  }
  if (Number.isNaN(number)) return fn(string, 'number');
  return fn(`${addNumericSeparator(string)}.${addNumericSeparatorEnd(String(number).slice(string.length + 1))}`, 'number');
}

function addNumericSeparator(integerString) {
  let result = '';
  let i = integerString.length;
  const start = integerString.startsWith('-') ? 1 : 0;
  for (; i >= start + 4; i -= 3) result = `_${integerString.slice(i - 3, i)}${result}`;
  return i === integerString.length ? integerString : `${integerString.slice(0, i)}${result}`;
}

function addNumericSeparatorEnd(integerString) {
  let result = '';
  let i = 0;
  for (; i < integerString.length - 3; i += 3) result += `${integerString.slice(i, i + 3)}_`;
  return i === 0 ? integerString : `${result}${integerString.slice(i)}`;
}

function formatBigInt(fn, bigint, numericSeparator) {
  const string = String(bigint);
  if (!numericSeparator) return fn(`${string}n`, 'bigint');
  return fn(`${addNumericSeparator(string)}n`, 'bigint');
}

function formatPrimitive(fn, value, ctx) {
  if (typeof value === 'string') {
    let trailer = '';
    if (value.length > ctx.maxStringLength) {
      const remaining = value.length - ctx.maxStringLength;
      value = value.slice(0, ctx.maxStringLength);
      trailer = `... ${remaining} more character${remaining > 1 ? 's' : ''}`;
    }
    if (ctx.compact !== true && value.length > kMinLineWidth && value.length > ctx.breakLength - ctx.indentationLvl - 4) {
      return value.split(/(?<=\n)/).map((line) => fn(strEscape(line), 'string')).join(` +\n${' '.repeat(ctx.indentationLvl + 2)}`) + trailer;
    }
    return fn(strEscape(value), 'string') + trailer;
  }
  if (typeof value === 'number') return formatNumber(fn, value, ctx.numericSeparator);
  if (typeof value === 'bigint') return formatBigInt(fn, value, ctx.numericSeparator);
  if (typeof value === 'boolean') return fn(`${value}`, 'boolean');
  if (typeof value === 'undefined') return fn('undefined', 'undefined');
  return fn(Symbol.prototype.toString.call(value), 'symbol');
}

function formatArguments(ctx, value, recurseTimes) {
  return formatArrayLike(ctx, value, recurseTimes);
}

function formatArrayLike(ctx, value, recurseTimes) {
  const output = [];
  for (let i = 0; i < value.length; i++) output.push(formatValue(ctx, value[i], recurseTimes));
  return output;
}

function formatSpecialArray(ctx, value, recurseTimes, maxLength, output, i) {
  const keys = Object.keys(value);
  let index = i;
  for (; i < keys.length && output.length < maxLength; i++) {
    const key = keys[i];
    const tmp = +key;
    if (tmp > 2 ** 32 - 2) break;
    if (`${index}` !== key) {
      if (!numberRegExp.test(key)) break;
      const emptyItems = tmp - index;
      const ending = emptyItems > 1 ? 's' : '';
      output.push(ctx.stylize(`<${emptyItems} empty item${ending}>`, 'undefined'));
      index = tmp;
      if (output.length === maxLength) break;
    }
    output.push(formatProperty(ctx, value, recurseTimes, key, kArrayType));
    index++;
  }
  const remaining = value.length - index;
  if (output.length !== maxLength) {
    if (remaining > 0) {
      const ending = remaining > 1 ? 's' : '';
      output.push(ctx.stylize(`<${remaining} empty item${ending}>`, 'undefined'));
    }
  } else if (remaining > 0) {
    output.push(remainingText(remaining));
  }
  return output;
}

function remainingText(remaining) {
  return `... ${remaining} more item${remaining > 1 ? 's' : ''}`;
}

function formatArray(ctx, value, recurseTimes) {
  const valLen = value.length;
  const len = Math.min(Math.max(0, ctx.maxArrayLength), valLen);
  const remaining = valLen - len;
  const output = [];
  for (let i = 0; i < len; i++) {
    if (!Object.prototype.hasOwnProperty.call(value, i)) return formatSpecialArray(ctx, value, recurseTimes, len, output, i);
    output.push(formatProperty(ctx, value, recurseTimes, i, kArrayType));
  }
  if (remaining > 0) output.push(remainingText(remaining));
  return output;
}

function formatTypedArray(value, length, ctx, ignored, recurseTimes) {
  const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
  const remaining = value.length - maxLength;
  const output = new Array(maxLength);
  const elementFormatter = value.length > 0 && typeof value[0] === 'number' ? formatNumber : formatBigInt;
  for (let i = 0; i < maxLength; ++i) output[i] = elementFormatter(ctx.stylize, value[i], ctx.numericSeparator);
  if (remaining > 0) output[maxLength] = remainingText(remaining);
  if (ctx.showHidden) {
    ctx.indentationLvl += 2;
    for (const key of ['BYTES_PER_ELEMENT', 'length', 'byteLength', 'byteOffset', 'buffer']) {
      const str = formatValue(ctx, value[key], recurseTimes, true);
      output.push(`[${key}]: ${str}`);
    }
    ctx.indentationLvl -= 2;
  }
  return output;
}

function formatSet(value, ctx, ignored, recurseTimes) {
  const length = value.size;
  const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
  const remaining = length - maxLength;
  const output = [];
  ctx.indentationLvl += 2;
  let i = 0;
  for (const v of value) {
    if (i >= maxLength) break;
    output.push(formatValue(ctx, v, recurseTimes));
    i++;
  }
  if (remaining > 0) output.push(remainingText(remaining));
  ctx.indentationLvl -= 2;
  return output;
}

function formatMap(value, ctx, ignored, recurseTimes) {
  const length = value.size;
  const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
  const remaining = length - maxLength;
  const output = [];
  ctx.indentationLvl += 2;
  let i = 0;
  for (const { 0: k, 1: v } of value) {
    if (i >= maxLength) break;
    output.push(`${formatValue(ctx, k, recurseTimes)} => ${formatValue(ctx, v, recurseTimes)}`);
    i++;
  }
  if (remaining > 0) output.push(remainingText(remaining));
  ctx.indentationLvl -= 2;
  return output;
}

function formatIterator(braces, ctx, value, recurseTimes) {
  return [ctx.stylize('<items unknown>', 'special')];
}

function formatProperty(ctx, value, recurseTimes, key, type, desc, original = value) {
  let name;
  let str;
  let extra = ' ';
  desc = desc || Object.getOwnPropertyDescriptor(value, key) || { value: value[key], enumerable: true };
  if (desc.value !== undefined) {
    const diff = ctx.compact !== true || type !== kObjectType ? 2 : 3;
    ctx.indentationLvl += diff;
    str = formatValue(ctx, desc.value, recurseTimes);
    if (diff === 3 && ctx.breakLength < str.length) extra = `\n${' '.repeat(ctx.indentationLvl)}`;
    ctx.indentationLvl -= diff;
  } else if (desc.get !== undefined) {
    const label = desc.set !== undefined ? 'Getter/Setter' : 'Getter';
    const s = ctx.stylize;
    const sp = 'special';
    if (ctx.getters && (ctx.getters === true || (ctx.getters === 'get' && desc.set === undefined) || (ctx.getters === 'set' && desc.set !== undefined))) {
      try {
        const tmp = desc.get.call(original);
        ctx.indentationLvl += 2;
        if (tmp === null) str = `${s(`[${label}:`, sp)} ${s('null', 'null')}${s(']', sp)}`;
        else if (typeof tmp === 'object') str = `${s(`[${label}]`, sp)} ${formatValue(ctx, tmp, recurseTimes)}`;
        else str = `${s(`[${label}:`, sp)} ${formatPrimitive(s, tmp, ctx)}${s(']', sp)}`;
        ctx.indentationLvl -= 2;
      } catch (err) {
        str = `${s(`[${label}: <Inspection threw (${err.message})>]`, sp)}`;
      }
    } else {
      str = ctx.stylize(`[${label}]`, sp);
    }
  } else if (desc.set !== undefined) {
    str = ctx.stylize('[Setter]', 'special');
  } else {
    str = ctx.stylize('undefined', 'undefined');
  }
  if (type === kArrayType) return str;
  if (typeof key === 'symbol') {
    name = `[${ctx.stylize(Symbol.prototype.toString.call(key).replace(strEscapeSequencesReplacer, escapeFn), 'symbol')}]`;
  } else if (key === '__proto__') {
    name = "['__proto__']";
  } else if (desc.enumerable === false) {
    name = `[${String(key).replace(strEscapeSequencesReplacer, escapeFn)}]`;
  } else if (keyStrRegExp.test(key)) {
    name = ctx.stylize(key, 'name');
  } else {
    name = ctx.stylize(strEscape(key), 'string');
  }
  return `${name}:${extra}${str}`;
}

function isBelowBreakLength(ctx, output, start, base) {
  let totalLength = output.length + start;
  if (totalLength + output.length > ctx.breakLength) return false;
  for (let i = 0; i < output.length; i++) {
    totalLength += ctx.colors ? removeColors(output[i]).length : output[i].length;
    if (totalLength > ctx.breakLength) return false;
  }
  return base === '' || !base.includes('\n');
}

function removeColors(str) {
  return String(str).replace(/\u001b\[\d\d?m/g, '');
}

function reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value) {
  if (ctx.compact !== true) {
    if (typeof ctx.compact === 'number' && ctx.compact >= 1) {
      const entries = output.length;
      if (extrasType === kArrayExtrasType && entries > 6) output = groupArrayElements(ctx, output, value);
      if (ctx.currentDepth - recurseTimes < ctx.compact && entries === output.length) {
        const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
        if (isBelowBreakLength(ctx, output, start, base)) {
          const joinedOutput = output.join(', ');
          if (!joinedOutput.includes('\n')) {
            return `${base ? `${base} ` : ''}${braces[0]} ${joinedOutput}` + ` ${braces[1]}`;
          }
        }
      }
    }
    const indentation = `\n${' '.repeat(ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ''}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
  }
  if (isBelowBreakLength(ctx, output, 0, base)) {
    return `${braces[0]}${base ? ` ${base}` : ''} ${output.join(', ')} ` + braces[1];
  }
  const indentation = ' '.repeat(ctx.indentationLvl);
  const ln = base === '' && braces[0].length === 1 ? ' ' : `${base ? ` ${base}` : ''}\n${indentation}  `;
  return `${braces[0]}${ln}${output.join(`,\n${indentation}  `)} ${braces[1]}`;
}

function groupArrayElements(ctx, output, value) {
  let totalLength = 0;
  let maxLength = 0;
  let i = 0;
  let outputLength = output.length;
  if (ctx.maxArrayLength < output.length) outputLength--;
  const separatorSpace = 2;
  const dataLen = new Array(outputLength);
  for (; i < outputLength; i++) {
    const len = ctx.colors ? removeColors(output[i]).length : output[i].length;
    dataLen[i] = len;
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength && (totalLength / actualMax > 5 || maxLength <= 6)) {
    const approxCharHeights = 2.5;
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(
      Math.round(Math.sqrt(approxCharHeights * biasedMax * outputLength) / biasedMax),
      Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
      ctx.compact * 4,
      15,
    );
    if (columns <= 1) return output;
    const tmp = [];
    const maxLineLength = [];
    for (let i = 0; i < columns; i++) {
      let lineLength = 0;
      for (let j = i; j < output.length; j += columns) {
        if (dataLen[j] > lineLength) lineLength = dataLen[j];
      }
      maxLineLength.push(lineLength + separatorSpace);
    }
    let order = String.prototype.padStart;
    if (value !== undefined) {
      for (let i = 0; i < output.length; i++) {
        if (typeof value[i] !== 'number' && typeof value[i] !== 'bigint') {
          order = String.prototype.padEnd;
          break;
        }
      }
    }
    for (let i = 0; i < outputLength; i += columns) {
      const max = Math.min(i + columns, outputLength);
      let str = '';
      let j = i;
      for (; j < max - 1; j++) {
        const padding = maxLineLength[j - i] + output[j].length - dataLen[j];
        str += order.call(`${output[j]}, `, padding, ' ');
      }
      if (order === String.prototype.padStart) {
        const padding = maxLineLength[j - i] + output[j].length - dataLen[j] - separatorSpace;
        str += output[j].padStart(padding, ' ');
      } else {
        str += output[j];
      }
      tmp.push(str);
    }
    if (ctx.maxArrayLength < output.length) tmp.push(output[outputLength]);
    output = tmp;
  }
  return output;
}

// ---- format ------------------------------------------------------------------------------------
const builtInObjects = new Set(Object.getOwnPropertyNames(globalThis).filter((e) => /^[A-Z][a-zA-Z0-9]+$/.test(e)));

function hasBuiltInToString(value) {
  if (typeof value.toString !== 'function') return true;
  if (Object.prototype.hasOwnProperty.call(value, 'toString')) return false;
  let pointer = value;
  do {
    pointer = Object.getPrototypeOf(pointer);
  } while (!Object.prototype.hasOwnProperty.call(pointer, 'toString'));
  const descriptor = Object.getOwnPropertyDescriptor(pointer, 'constructor');
  return descriptor !== undefined && typeof descriptor.value === 'function' && builtInObjects.has(descriptor.value.name);
}

function tryStringify(arg) {
  try {
    return JSON.stringify(arg);
  } catch (err) {
    if (err.name === 'TypeError' && /circular/i.test(err.message)) return '[Circular]';
    throw err;
  }
}

function formatWithOptionsInternal(inspectOptions, args) {
  const first = args[0];
  let a = 0;
  let str = '';
  let join = '';
  if (typeof first === 'string') {
    if (args.length === 1) return first;
    let tempStr;
    let lastPos = 0;
    for (let i = 0; i < first.length - 1; i++) {
      if (first.charCodeAt(i) === 37) {
        const nextChar = first.charCodeAt(++i);
        if (a + 1 !== args.length) {
          switch (nextChar) {
            case 115: {
              const tempArg = args[++a];
              if (typeof tempArg === 'number') tempStr = formatNumber(stylizeNoColor, tempArg, false);
              else if (typeof tempArg === 'bigint') tempStr = formatBigInt(stylizeNoColor, tempArg, false);
              else if (typeof tempArg !== 'object' || tempArg === null || !hasBuiltInToString(tempArg)) tempStr = String(tempArg);
              else tempStr = inspect(tempArg, Object.assign({}, inspectOptions, { depth: 0, colors: false, compact: 3 }));
              break;
            }
            case 106:
              tempStr = tryStringify(args[++a]);
              break;
            case 100: {
              const tempNum = args[++a];
              if (typeof tempNum === 'bigint') tempStr = formatBigInt(stylizeNoColor, tempNum, false);
              else if (typeof tempNum === 'symbol') tempStr = 'NaN';
              else tempStr = formatNumber(stylizeNoColor, Number(tempNum), false);
              break;
            }
            case 79:
              tempStr = inspect(args[++a], inspectOptions);
              break;
            case 111:
              tempStr = inspect(args[++a], Object.assign({}, inspectOptions, { showHidden: true, showProxy: true, depth: 4 }));
              break;
            case 105: {
              const tempInteger = args[++a];
              if (typeof tempInteger === 'bigint') tempStr = formatBigInt(stylizeNoColor, tempInteger, false);
              else if (typeof tempInteger === 'symbol') tempStr = 'NaN';
              else tempStr = formatNumber(stylizeNoColor, Number.parseInt(tempInteger), false);
              break;
            }
            case 102: {
              const tempFloat = args[++a];
              if (typeof tempFloat === 'symbol') tempStr = 'NaN';
              else tempStr = formatNumber(stylizeNoColor, Number.parseFloat(tempFloat), false);
              break;
            }
            case 99:
              a += 1;
              tempStr = '';
              break;
            case 37:
              str += first.slice(lastPos, i);
              lastPos = i + 1;
              continue;
            default:
              continue;
          }
          if (lastPos !== i - 1) str += first.slice(lastPos, i - 1);
          str += tempStr;
          lastPos = i + 1;
        } else if (nextChar === 37) {
          str += first.slice(lastPos, i);
          lastPos = i + 1;
        }
      }
    }
    if (lastPos !== 0) {
      a++;
      join = ' ';
      if (lastPos < first.length) str += first.slice(lastPos);
    }
  }
  while (a < args.length) {
    const value = args[a];
    str += join;
    str += typeof value !== 'string' ? inspect(value, inspectOptions) : value;
    join = ' ';
    a++;
  }
  return str;
}

function format(...args) {
  return formatWithOptionsInternal(undefined, args);
}

function formatWithOptions(inspectOptions, ...args) {
  return formatWithOptionsInternal(inspectOptions, args);
}

module.exports = {
  inspect,
  format,
  formatWithOptions,
  predicates: {
    isPromise, isRegExp, isDate, isMap, isSet, isWeakMap, isWeakSet, isTypedArray, isArrayBuffer, isSharedArrayBuffer,
    isDataView, isBoxedPrimitive, isAsyncFunction, isGeneratorFunction, isGeneratorObject, isMapIterator, isSetIterator,
    isError, isArguments, tagOf, isProxy,
  },
};
