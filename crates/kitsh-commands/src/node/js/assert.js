// `assert` and `assert/strict`: the checks scripts use, throwing AssertionError
// (`code: 'ERR_ASSERTION'`, `actual`, `expected`, `operator`) with Node's messages for the
// simple cases (no diffs of large values).

const { inspect } = require('util');

class AssertionError extends Error {
  constructor(options) {
    const { message, actual, expected, operator } = options;
    super(message !== undefined ? String(message) : defaultMessage(actual, expected, operator));
    this.name = 'AssertionError';
    this.generatedMessage = message === undefined;
    this.code = 'ERR_ASSERTION';
    this.actual = actual;
    this.expected = expected;
    this.operator = operator;
  }
}

function show(v) {
  return inspect(v, { depth: 1000, breakLength: Infinity, compact: true });
}

function defaultMessage(actual, expected, operator) {
  switch (operator) {
    case 'strictEqual':
      if (typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null) {
        return `Expected "actual" to be reference-equal to "expected":\n+ actual - expected\n\n+ ${show(actual)}\n- ${show(expected)}`;
      }
      return `Expected values to be strictly equal:\n\n${show(actual)} !== ${show(expected)}\n`;
    case 'deepStrictEqual':
      return `Expected values to be strictly deep-equal:\n+ actual - expected\n\n+ ${show(actual)}\n- ${show(expected)}`;
    case 'deepEqual':
      return `Expected values to be loosely deep-equal:\n\n${show(actual)}\n\nshould loosely deep-equal\n\n${show(expected)}`;
    case '==':
      return `${show(actual)} == ${show(expected)}`;
    case '!=':
      return `${show(actual)} != ${show(expected)}`;
    case 'notStrictEqual':
      return `Expected "actual" to be strictly unequal to: ${show(expected)}`;
    case 'notDeepStrictEqual':
      return `Expected "actual" not to be strictly deep-equal to: ${show(expected)}`;
    case 'fail':
      return 'Failed';
    default:
      return `${show(actual)} ${operator} ${show(expected)}`;
  }
}

function innerFail(obj) {
  if (obj.message instanceof Error) throw obj.message;
  const e = new AssertionError(obj);
  throw e;
}

function isPlainTag(v) {
  return Object.prototype.toString.call(v);
}

function deepEquals(a, b, strict, memo) {
  if (strict ? Object.is(a, b) : a == b || (a !== a && b !== b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return false;
  }
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const tag = isPlainTag(a);
  if (tag !== isPlainTag(b)) return false;
  if (a instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RegExp) return a.source === b.source && a.flags === b.flags;
  if (a instanceof Error && (a.message !== b.message || a.name !== b.name)) return false;
  if (ArrayBuffer.isView(a)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  memo = memo || new Map();
  if (memo.get(a) === b) return true;
  memo.set(a, b);
  if (a instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [key, val] of a) {
      if (!b.has(key) || !deepEquals(val, b.get(key), strict, memo)) return false;
    }
    return true;
  }
  if (a instanceof Set) {
    if (a.size !== b.size) return false;
    for (const val of a) {
      if (!b.has(val)) {
        let found = false;
        for (const other of b) {
          if (deepEquals(val, other, strict, memo)) {
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
    }
    return true;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && a.length !== b.length) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const key of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!deepEquals(a[key], b[key], strict, memo)) return false;
  }
  if (strict) {
    const sa = Object.getOwnPropertySymbols(a).filter((s) => Object.prototype.propertyIsEnumerable.call(a, s));
    const sb = Object.getOwnPropertySymbols(b).filter((s) => Object.prototype.propertyIsEnumerable.call(b, s));
    if (sa.length !== sb.length) return false;
    for (const s of sa) if (!deepEquals(a[s], b[s], strict, memo)) return false;
  }
  return true;
}

function ok(value, message) {
  if (!value) {
    innerFail({
      actual: value,
      expected: true,
      message: message !== undefined ? message : arguments.length === 0 ? 'No value argument passed to `assert.ok()`' : 'The expression evaluated to a falsy value:\n\n  assert(' + show(value) + ')\n',
      operator: '==',
    });
  }
}

function assert(...args) {
  ok(...args);
}

function matches(actual, expected) {
  if (typeof expected === 'function') {
    if (expected.prototype !== undefined && actual instanceof expected) return true;
    if (Error.isPrototypeOf(expected) || expected === Error) return false;
    return expected.call({}, actual) === true;
  }
  if (expected instanceof RegExp) return expected.test(String(actual && actual.message !== undefined ? actual : actual));
  if (typeof expected === 'object' && expected !== null) {
    for (const key of Object.keys(expected)) {
      const want = expected[key];
      const got = actual == null ? undefined : actual[key];
      if (want instanceof RegExp && typeof got === 'string' ? !want.test(got) : !deepEquals(got, want, true)) return false;
    }
    return true;
  }
  return true;
}

Object.assign(assert, {
  AssertionError,
  ok,
  fail(message = 'Failed') {
    innerFail({ message, operator: 'fail' });
  },
  equal(actual, expected, message) {
    if (!(actual == expected || (actual !== actual && expected !== expected))) innerFail({ actual, expected, message, operator: '==' });
  },
  notEqual(actual, expected, message) {
    if (actual == expected || (actual !== actual && expected !== expected)) innerFail({ actual, expected, message, operator: '!=' });
  },
  strictEqual(actual, expected, message) {
    if (!Object.is(actual, expected)) innerFail({ actual, expected, message, operator: 'strictEqual' });
  },
  notStrictEqual(actual, expected, message) {
    if (Object.is(actual, expected)) innerFail({ actual, expected, message, operator: 'notStrictEqual' });
  },
  deepEqual(actual, expected, message) {
    if (!deepEquals(actual, expected, false)) innerFail({ actual, expected, message, operator: 'deepEqual' });
  },
  notDeepEqual(actual, expected, message) {
    if (deepEquals(actual, expected, false)) innerFail({ actual, expected, message, operator: 'notDeepEqual' });
  },
  deepStrictEqual(actual, expected, message) {
    if (!deepEquals(actual, expected, true)) innerFail({ actual, expected, message, operator: 'deepStrictEqual' });
  },
  notDeepStrictEqual(actual, expected, message) {
    if (deepEquals(actual, expected, true)) innerFail({ actual, expected, message, operator: 'notDeepStrictEqual' });
  },
  throws(fn, expected, message) {
    if (typeof expected === 'string') {
      message = expected;
      expected = undefined;
    }
    try {
      fn();
    } catch (err) {
      if (expected !== undefined && !matches(err, expected)) throw err;
      return;
    }
    innerFail({ actual: undefined, expected, operator: 'throws', message: message !== undefined ? message : 'Missing expected exception.' });
  },
  doesNotThrow(fn, message) {
    try {
      fn();
    } catch (err) {
      innerFail({ actual: err, operator: 'doesNotThrow', message: `Got unwanted exception.\nActual message: "${err && err.message}"` });
    }
  },
  async rejects(promiseOrFn, expected, message) {
    try {
      await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
    } catch (err) {
      if (expected !== undefined && typeof expected !== 'string' && !matches(err, expected)) throw err;
      return;
    }
    innerFail({ actual: undefined, expected, operator: 'rejects', message: message !== undefined ? message : 'Missing expected rejection.' });
  },
  async doesNotReject(promiseOrFn) {
    await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
  },
  match(string, regexp, message) {
    if (!regexp.test(string)) {
      innerFail({ actual: string, expected: regexp, message: message !== undefined ? message : `The input did not match the regular expression ${regexp}. Input:\n\n${show(string)}\n`, operator: 'match' });
    }
  },
  doesNotMatch(string, regexp, message) {
    if (regexp.test(string)) {
      innerFail({ actual: string, expected: regexp, message: message !== undefined ? message : `The input was expected to not match the regular expression ${regexp}. Input:\n\n${show(string)}\n`, operator: 'doesNotMatch' });
    }
  },
  ifError(value) {
    if (value !== null && value !== undefined) throw value;
  },
  deepEquals,
});

const strict = function strict(...args) {
  ok(...args);
};
Object.assign(strict, assert, {
  equal: assert.strictEqual,
  notEqual: assert.notStrictEqual,
  deepEqual: assert.deepStrictEqual,
  notDeepEqual: assert.notDeepStrictEqual,
});
strict.strict = strict;
assert.strict = strict;

module.exports = assert;
